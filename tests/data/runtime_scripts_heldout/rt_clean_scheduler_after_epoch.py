"""Runnable, correct: StepLR stepped after the batch loop.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
for epoch in range(3):
    for _ in range(2):
        optimizer.zero_grad()
        x, y = torch.randn(8, 4), torch.randn(8, 1)
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    scheduler.step()
