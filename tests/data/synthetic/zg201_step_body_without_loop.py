"""A step body with no loop: step before backward is still an order bug.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG201 12:5
import torch


def update(model, optimizer, batch):
    optimizer.zero_grad()
    loss = model(batch).mean()
    optimizer.step()
    loss.backward()
    return loss.item()
