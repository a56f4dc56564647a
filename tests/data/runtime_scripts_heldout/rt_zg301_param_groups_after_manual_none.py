"""Runnable: parameters set to None by hand, then scaled through param_groups before the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG301 17:13
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for _ in range(3):
    for p in model.parameters():
        p.grad = None
    for group in optimizer.param_groups:
        for p in group["params"]:
            p.grad.mul_(0.5)
    nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1)).backward()
    optimizer.step()
