# expect: clean
"""Another project of the monorepo importing a package it does not hold: unknown (xnet/ is another project's)."""

import torch

from xnet.engine import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
