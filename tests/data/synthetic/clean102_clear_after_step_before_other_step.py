"""One loss, two optimizers: each is cleared right after its own step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

backbone = nn.Linear(8, 8)
head = nn.Linear(8, 2)
opt_backbone = torch.optim.SGD(backbone.parameters(), lr=1e-3, momentum=0.9)
opt_head = torch.optim.Adam(head.parameters(), lr=1e-3)


def train(loader):
    for x, y in loader:
        loss = nn.functional.cross_entropy(head(backbone(x)), y)
        loss.backward()
        opt_backbone.step()
        opt_backbone.zero_grad()
        opt_head.step()
        opt_head.zero_grad()
