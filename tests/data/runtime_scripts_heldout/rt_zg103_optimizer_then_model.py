"""Runnable: optimizer.zero_grad() then model.zero_grad() over the same parameters.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG103 14:5
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 4), nn.Tanh(), nn.Linear(4, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for _ in range(4):
    optimizer.zero_grad()
    model.zero_grad()
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()
