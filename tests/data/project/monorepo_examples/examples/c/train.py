# expect: clean
"""No utils.py beside it nor at the root: `utils` is unknown here (a/ and b/ hold other scripts' modules)."""

import torch

from utils import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
