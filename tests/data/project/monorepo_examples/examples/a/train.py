# expect: clean
"""`from utils import train_batch`: this folder's utils.py (Python puts the script's folder first on sys.path)."""

import torch

from utils import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
