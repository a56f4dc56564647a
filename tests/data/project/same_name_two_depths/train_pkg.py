# expect: clean
"""`from pkg.trainer import ...`: the src/ layout's package (found under root/src), whose trainer never clears."""

import torch

from pkg.trainer import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
