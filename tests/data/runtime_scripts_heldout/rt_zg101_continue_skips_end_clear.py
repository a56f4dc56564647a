"""Runnable: every other iteration `continue`s past the clear at the end.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 16:5
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for i in range(6):
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    if i % 2 == 0:
        continue
    opt.zero_grad()
