"""Runnable: gradient norms read right after a set_to_none clear (crashes on None).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG301 17:14
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for step in range(3):
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()
    opt.zero_grad()
    norms = [p.grad.norm().item() for p in model.parameters()]
    print(step, norms)
