# expect: clean
"""The clean twin: the embedding is kept detached."""

import torch
import torch.nn.functional as F

from net import EmbedNet


class DetachedTrainer:
    def __init__(self, lr=0.03):
        self.net = EmbedNet()
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=lr, momentum=0.9)

    def train_epoch(self, loader):
        embeds = []
        for data, y in loader:
            self.optimizer.zero_grad()
            embed, logits = self.net(data)
            loss = F.cross_entropy(logits, y)
            embeds.append(embed.detach())
            loss.backward()
            self.optimizer.step()
        return torch.cat(embeds)
