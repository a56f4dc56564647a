# expect: clean
"""`train_batch` of a module that imports it in each branch of an `if`: unknown."""

import torch

from .steps import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
