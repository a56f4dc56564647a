"""Runnable AMP accumulation: unscale_ every micro-batch, step and update every 2 (raises).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG403 18:5
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scaler = torch.amp.GradScaler("cpu")
accum = 2
optimizer.zero_grad()
for i in range(6):
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    scaler.scale(nn.functional.mse_loss(model(x), y) / accum).backward()
    scaler.unscale_(optimizer)
    nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    if (i + 1) % accum == 0:
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
