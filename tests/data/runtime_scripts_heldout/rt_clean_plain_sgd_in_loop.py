"""Runnable, correct: plain SGD (no state) built per step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
for _ in range(4):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    opt.zero_grad()
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()
