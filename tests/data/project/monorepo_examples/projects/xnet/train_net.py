# expect: clean
"""A project of the monorepo: its package xnet/ beside the script."""

import torch

from xnet.engine import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
