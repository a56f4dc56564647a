"""Runnable: a reset helper clears, then the loop clears the same optimizer again.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG103 20:5
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)


def reset_grad():
    optimizer.zero_grad()


for _ in range(4):
    reset_grad()
    optimizer.zero_grad()
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()
