"""Runnable: the step comes before the backward in each iteration.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG201 16:5
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for _ in range(4):
    opt.zero_grad()
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    loss = nn.functional.mse_loss(model(x), y)
    opt.step()
    loss.backward()
