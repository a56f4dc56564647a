"""Fabric accumulation: `no_backward_sync(enabled=is_accumulating)`, divided loss, step and clear when not accumulating.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import lightning as L
import torch


def train(model, loader, n=4):
    fabric = L.Fabric()
    optimizer = torch.optim.AdamW(model.parameters())
    model, optimizer = fabric.setup(model, optimizer)
    for i, batch in enumerate(loader):
        is_accumulating = (i + 1) % n != 0
        with fabric.no_backward_sync(model, enabled=is_accumulating):
            loss = model(batch).mean() / n
            fabric.backward(loss)
        if not is_accumulating:
            optimizer.step()
            optimizer.zero_grad()
