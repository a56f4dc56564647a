# expect: clean
"""`from helpers import ...` in a package folder: no helpers module at the root, so the one beside it (the
script's folder, first on sys.path when it runs)."""

import torch

from helpers import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
