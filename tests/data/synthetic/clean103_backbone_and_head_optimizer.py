"""The backbone is cleared and the head's optimizer too: different parameters.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

backbone = nn.Linear(16, 8)
head = nn.Linear(8, 2)
head_opt = torch.optim.SGD(head.parameters(), lr=0.1)


def finetune(loader):
    for x, y in loader:
        backbone.zero_grad()
        head_opt.zero_grad()
        loss = nn.functional.cross_entropy(head(backbone(x)), y)
        loss.backward()
        head_opt.step()
        backbone_step(backbone, lr=1e-4)


def backbone_step(module, lr):
    with torch.no_grad():
        for p in module.parameters():
            if p.grad is not None:
                p -= lr * p.grad
