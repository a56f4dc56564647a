# expect: clean
"""An import in one branch, a def of the file in the other: which one the loop runs is not known, none is guessed."""

import os

import torch

if os.environ.get("FUSED"):
    from .fused import train_batch
else:

    def train_batch(model, optimizer, batch):
        model(batch).sum().backward()
        optimizer.step()


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
