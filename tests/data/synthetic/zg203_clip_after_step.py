"""Clipping after the step: the gradients were already applied.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG203 19:9
import torch
from torch import nn

model = nn.Linear(8, 1)
optimizer = torch.optim.Adam(model.parameters())


def train(loader):
    for x, y in loader:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
