"""Runnable, correct AMP on CPU: unscale_, clip, scaler.step, update.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scaler = torch.amp.GradScaler("cpu")
for _ in range(4):
    optimizer.zero_grad(set_to_none=True)
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    scaler.scale(nn.functional.mse_loss(model(x), y)).backward()
    scaler.unscale_(optimizer)
    nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(optimizer)
    scaler.update()
