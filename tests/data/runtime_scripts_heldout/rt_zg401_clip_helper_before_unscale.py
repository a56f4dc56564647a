"""Runnable AMP on CPU: a clip helper runs before scaler.unscale_.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG401 16:5
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scaler = torch.amp.GradScaler("cpu")


def clip(max_norm):
    nn.utils.clip_grad_norm_(model.parameters(), max_norm)


for _ in range(4):
    optimizer.zero_grad()
    scaler.scale(nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1))).backward()
    clip(1.0)
    scaler.unscale_(optimizer)
    scaler.step(optimizer)
    scaler.update()
