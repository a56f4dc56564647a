"""Runnable, correct AMP on CPU: unscale_, clip_grad_value_, step, update; a scheduler after.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2)
scaler = torch.amp.GradScaler("cpu")
for _ in range(4):
    optimizer.zero_grad()
    scaler.scale(nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1))).backward()
    scaler.unscale_(optimizer)
    nn.utils.clip_grad_value_(model.parameters(), 0.5)
    scaler.step(optimizer)
    scaler.update()
    scheduler.step()
