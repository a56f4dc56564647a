# expect: clean
"""`from trainer import ...` in a script of the root: the root's trainer.py, not src/pkg/trainer.py."""

import torch

from trainer import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
