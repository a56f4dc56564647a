# expect: clean
"""The script puts ../lib on sys.path with pathlib: `Path(__file__).parents[1] / "lib"`."""

import sys
from pathlib import Path

sys.path.append(str(Path(__file__).parents[1] / "lib"))

import torch

from engine.steps import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
