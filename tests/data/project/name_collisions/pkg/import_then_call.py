# expect: clean
"""The imported step, called as it is: reported in steps.py."""

import torch

from .steps import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
