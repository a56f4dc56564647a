"""Runnable AMP on CPU: scaler.step every iteration, scaler.update never (the second step raises).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG404 17:5
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scaler = torch.amp.GradScaler("cpu")
for _ in range(3):
    optimizer.zero_grad()
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    scaler.scale(nn.functional.mse_loss(model(x), y)).backward()
    scaler.step(optimizer)
