"""LBFGS with a module-level closure that clears, passed through functools.partial.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import functools

import torch
from torch import nn


def closure(model, x, y, optimizer):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    return loss


def fit(model, x, y, epochs=10):
    optimizer = torch.optim.LBFGS(model.parameters(), lr=0.5)
    for epoch in range(epochs):
        optimizer.step(functools.partial(closure, model, x, y, optimizer))
