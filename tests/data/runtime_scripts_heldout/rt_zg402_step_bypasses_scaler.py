"""Runnable AMP on CPU: the scaled backward is followed by optimizer.step().

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG402 17:5
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=1e-6)
scaler = torch.amp.GradScaler("cpu")
for _ in range(4):
    optimizer.zero_grad()
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    scaler.scale(nn.functional.mse_loss(model(x), y)).backward()
    optimizer.step()
