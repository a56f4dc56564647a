# expect: ZG101 12:5
"""An import, then a def of the file of the same name on every path: the loop runs the def, which never clears."""

import torch

from .fused import train_batch  # noqa: F401


def train_batch(model, optimizer, batch):  # noqa: F811
    inputs, targets = batch
    torch.nn.functional.cross_entropy(model(inputs), targets).backward()
    optimizer.step()


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
