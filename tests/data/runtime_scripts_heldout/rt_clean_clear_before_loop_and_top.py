"""Runnable, correct: one clear before the loop and one at the top of each iteration.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
opt.zero_grad()
for _ in range(4):
    opt.zero_grad()
    nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1)).backward()
    opt.step()
