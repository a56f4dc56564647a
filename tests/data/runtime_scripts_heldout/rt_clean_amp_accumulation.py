"""Runnable, correct AMP accumulation on CPU: unscale_, clip, step, update and clear under the guard.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
scaler = torch.amp.GradScaler("cpu")
accum = 2
for i in range(6):
    x, y = torch.randn(4, 4), torch.randn(4, 1)
    scaler.scale(nn.functional.mse_loss(model(x), y) / accum).backward()
    if (i + 1) % accum == 0:
        scaler.unscale_(optimizer)
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad(set_to_none=True)
