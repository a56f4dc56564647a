"""Fabric with a 16-bit precision: fabric.clip_gradients unscales by itself.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import lightning as L
import torch


def train(model, loader):
    fabric = L.Fabric(precision="16-mixed")
    optimizer = torch.optim.Adam(model.parameters())
    model, optimizer = fabric.setup(model, optimizer)
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
