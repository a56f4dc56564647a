# expect: clean
"""`train_batch` imported in each branch of an `if`: which one runs is not known, none is guessed."""

import os

import torch

if os.environ.get("FUSED"):
    from .fused import train_batch
else:
    from .plain import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
