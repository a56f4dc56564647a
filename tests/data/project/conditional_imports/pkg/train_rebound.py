# expect: clean
"""Imported twice on every path: the last import is the one the loop runs (it clears)."""

import torch

from .plain import train_batch  # noqa: F401
from .fused import train_batch  # noqa: F811


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
