"""Runnable, correct: per-step losses kept in a list made inside the iteration, stacked and backpropagated.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for _ in range(3):
    opt.zero_grad()
    losses = []
    for t in range(3):
        losses.append(model(torch.randn(4, 4)).pow(2).mean())
    torch.stack(losses).mean().backward()
    opt.step()
