"""Runnable, correct: Adam rebuilt per stage with its state loaded right after.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
state = torch.optim.Adam(model.parameters(), lr=1e-2).state_dict()
for stage in range(3):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    optimizer.load_state_dict(state)
    for _ in range(2):
        optimizer.zero_grad()
        x, y = torch.randn(8, 4), torch.randn(8, 1)
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    state = optimizer.state_dict()
