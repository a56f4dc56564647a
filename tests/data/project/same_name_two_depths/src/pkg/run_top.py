# expect: clean
"""A module of the package (imported, not run as a script): `from trainer import ...` is the root's."""

import torch

from trainer import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
