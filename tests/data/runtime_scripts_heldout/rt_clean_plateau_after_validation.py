"""Runnable, correct: ReduceLROnPlateau stepped on a validation loss after training.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, patience=0)
val_x, val_y = torch.randn(16, 4), torch.randn(16, 1)
for epoch in range(3):
    for _ in range(2):
        optimizer.zero_grad()
        x, y = torch.randn(8, 4), torch.randn(8, 1)
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    with torch.no_grad():
        val_loss = nn.functional.mse_loss(model(val_x), val_y).item()
    scheduler.step(val_loss)
