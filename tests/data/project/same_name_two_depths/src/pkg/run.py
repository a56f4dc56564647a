# expect: clean
"""`from . import trainer`: the package's submodule, called as `trainer.train_batch(...)`."""

import torch

from . import trainer


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        trainer.train_batch(model, optimizer, batch)
