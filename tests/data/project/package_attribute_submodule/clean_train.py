# expect: clean
"""The twin of train.py: `models.cleared.train_batch(...)` clears before its backward."""

import torch

import models


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        models.cleared.train_batch(model, optimizer, batch)
