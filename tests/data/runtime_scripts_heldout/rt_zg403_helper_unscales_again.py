"""Runnable AMP on CPU: the loop unscales, then a clip helper unscales again (raises).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG403 16:5
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scaler = torch.amp.GradScaler("cpu")


def clip_gradients(max_norm):
    scaler.unscale_(optimizer)
    nn.utils.clip_grad_norm_(model.parameters(), max_norm)


for _ in range(3):
    optimizer.zero_grad()
    scaler.scale(nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1))).backward()
    scaler.unscale_(optimizer)
    clip_gradients(1.0)
    scaler.step(optimizer)
    scaler.update()
