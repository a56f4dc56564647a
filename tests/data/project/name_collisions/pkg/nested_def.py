# expect: clean
"""The step imported, and a def of the same name inside `main`: the loop calls `main`'s own, which clears."""

import torch

from .steps import train_batch  # noqa: F401


def main(model, loader):
    def train_batch(model, optimizer, batch):  # noqa: F811
        optimizer.zero_grad()
        model(batch).sum().backward()
        optimizer.step()

    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
