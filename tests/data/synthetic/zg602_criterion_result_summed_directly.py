"""`total += criterion(out, y)` (the loss is never named) in a training loop.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG602 16:9
import torch


def train(model, loader, optimizer, criterion):
    total = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        criterion(out, y).backward()
        optimizer.step()
        total += criterion(out, y)
    return total
