"""Runnable, correct accumulation with a `micro` counter: clear only with the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
accum = 3
micro = 0
for _ in range(9):
    x, y = torch.randn(4, 4), torch.randn(4, 1)
    (nn.functional.mse_loss(model(x), y) / accum).backward()
    micro += 1
    if micro == accum:
        optimizer.step()
        optimizer.zero_grad()
        micro = 0
