"""`continue` on an empty batch before anything; the rest of the iteration is the usual order.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, optimizer):
    for batch in loader:
        if batch is None or len(batch) == 0:
            continue
        optimizer.zero_grad()
        loss = model(batch).mean()
        loss.backward()
        optimizer.step()
