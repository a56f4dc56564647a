"""Runnable AMP on CPU: unscale_ before the clip and again before the step (raises).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG403 19:5
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
    scaler.unscale_(optimizer)
    nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.unscale_(optimizer)
    scaler.step(optimizer)
    scaler.update()
