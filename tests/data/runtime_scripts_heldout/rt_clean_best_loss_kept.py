"""Runnable, correct: the best loss tensor is kept (rebound, not accumulated) across iterations.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
best = None
for _ in range(5):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1))
    loss.backward()
    opt.step()
    if best is None or loss.item() < best.item():
        best = loss
print(best.item())
