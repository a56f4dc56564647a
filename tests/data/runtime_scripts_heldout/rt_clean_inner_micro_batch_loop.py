"""Runnable, correct: an inner micro-batch loop, then one step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
n_micro = 3
for step in range(3):
    opt.zero_grad()
    for micro in range(n_micro):
        x, y = torch.randn(4, 4), torch.randn(4, 1)
        loss = nn.functional.mse_loss(model(x), y) / n_micro
        loss.backward()
    opt.step()
