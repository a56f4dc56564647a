# expect: clean
"""Imported twice on every path: the last, plain's, is the one the loop runs (reported there)."""

import torch

from .fused import train_batch  # noqa: F401
from .plain import train_batch  # noqa: F811


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
