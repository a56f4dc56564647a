# expect: ZG602 32:5
"""Jingkang50/OpenOOD's CutPaste trainer shape, in one file: the network's forward returns the embedding beside the
logits, both computed from its parameters (`embed = self.backbone(x)`), and each batch's embedding is kept in a list
for the density fitted after the epoch, with its autograd graph: the embedding comes from the model's output and
requires grad (RULES.md's ZG602). Missed while only the values on the way to a backward's loss were known to carry a
graph: `embed` is the forward's other output."""

import torch
import torch.nn.functional as F
from torch import nn


class EmbedNet(nn.Module):
    def __init__(self, dim=16, classes=2):
        super().__init__()
        self.backbone = nn.Linear(32, dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        embed = self.backbone(x)
        return embed, self.head(embed)


net = EmbedNet()
optimizer = torch.optim.SGD(net.parameters(), lr=0.03, momentum=0.9)
loader = [(torch.randn(4, 32), torch.randint(0, 2, (4,))) for _ in range(8)]
embeds = []
for data, y in loader:
    optimizer.zero_grad()
    embed, logits = net(data)
    loss = F.cross_entropy(logits, y)
    embeds.append(embed)
    loss.backward()
    optimizer.step()
density = torch.cat(embeds).mean(0)
