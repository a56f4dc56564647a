"""Runnable: the optimizer is cleared at the top and at the bottom of every iteration.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG103 13:5
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
for _ in range(4):
    opt.zero_grad()
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    opt.zero_grad()
