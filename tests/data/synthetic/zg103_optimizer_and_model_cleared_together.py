"""optimizer.zero_grad() and model.zero_grad() back to back over the same parameters.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG103 16:9
import torch
from torch import nn

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)


def train(loader):
    for x, y in loader:
        optimizer.zero_grad()
        model.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
