# expect: clean
"""A folder the environment names: unknown, nothing is looked for there."""

import os
import sys

sys.path.insert(0, os.environ["LIB_DIR"])

import torch

from engine.steps import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
