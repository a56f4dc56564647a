"""Runnable, correct accumulation: divided loss, guarded step and clear, one clear before the loop.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
accum = 2
opt.zero_grad()
for i in range(8):
    x, y = torch.randn(4, 4), torch.randn(4, 1)
    loss = nn.functional.mse_loss(model(x), y) / accum
    loss.backward()
    if (i + 1) % accum == 0:
        opt.step()
        opt.zero_grad()
