"""Runnable, correct: `if use_amp:` / `if not use_amp:` pick matching backward and step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scaler = torch.amp.GradScaler("cpu")
for use_amp in (True, False):
    for _ in range(3):
        optimizer.zero_grad()
        x, y = torch.randn(8, 4), torch.randn(8, 1)
        loss = nn.functional.mse_loss(model(x), y)
        if use_amp:
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
        if not use_amp:
            loss.backward()
            optimizer.step()
