"""Runnable, correct accumulation: the clear at each window's start (`i % n == 0`), the step at its end.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
n = 2
for i in range(8):
    if i % n == 0:
        optimizer.zero_grad()
    x, y = torch.randn(4, 4), torch.randn(4, 1)
    loss = nn.functional.mse_loss(model(x), y) / n
    loss.backward()
    if (i + 1) % n == 0:
        optimizer.step()
