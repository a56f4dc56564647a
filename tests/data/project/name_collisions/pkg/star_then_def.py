# expect: clean
"""`from .steps import *`, then a def of the file of the same name: the loop runs the file's def, which clears."""

import torch

from .steps import *  # noqa: F403


def train_batch(model, optimizer, batch):  # noqa: F811
    optimizer.zero_grad()
    model(batch).sum().backward()
    optimizer.step()


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
