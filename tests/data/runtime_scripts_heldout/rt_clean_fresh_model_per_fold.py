"""Runnable, correct: a fresh model and Adam per fold.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
scores = []
for fold in range(3):
    model = nn.Linear(4, 1)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(3):
        optimizer.zero_grad()
        x, y = torch.randn(8, 4), torch.randn(8, 1)
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    with torch.no_grad():
        scores.append(nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1)).item())
print(scores)
