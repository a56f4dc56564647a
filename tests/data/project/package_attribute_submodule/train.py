# expect: clean
"""`import models`, then `models.steps.train_batch(...)`: the submodule the package's `__init__.py` imports."""

import torch

import models


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        models.steps.train_batch(model, optimizer, batch)
