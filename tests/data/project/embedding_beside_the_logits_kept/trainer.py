# expect: ZG602 25:13
"""Jingkang50/OpenOOD's CutPaste trainer shape: each batch's embedding, the first element the forward returns, is
kept in a list for the density fitted after the epoch, with its autograd graph (`embeds.append(embed.cuda())`): the
embedding comes from the model's output and requires grad, RULES.md's ZG602 ("or that requires grad because it comes
from the model's output"). Missed: only the values on the way to a backward's loss are known to carry a graph, and
`embed` is the forward's other output, not an input of `loss`."""

import torch
import torch.nn.functional as F

from net import EmbedNet


class CutPasteTrainer:
    def __init__(self, lr=0.03):
        self.net = EmbedNet()
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=lr, momentum=0.9)

    def train_epoch(self, loader):
        embeds = []
        for data, y in loader:
            self.optimizer.zero_grad()
            embed, logits = self.net(data)
            loss = F.cross_entropy(logits, y)
            embeds.append(embed)
            loss.backward()
            self.optimizer.step()
        return torch.cat(embeds)
