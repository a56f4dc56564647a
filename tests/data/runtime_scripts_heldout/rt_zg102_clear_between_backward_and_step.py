"""Runnable: a clear between the backward and the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG102 16:5
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for _ in range(4):
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.zero_grad()
    opt.step()
