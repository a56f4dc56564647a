"""Runnable AMP on CPU: a set_to_none=False clear between the scaled backward and scaler.step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG102 17:5
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scaler = torch.amp.GradScaler("cpu")
for _ in range(4):
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    loss = nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    optimizer.zero_grad(set_to_none=False)
    scaler.step(optimizer)
    scaler.update()
