# expect: clean
"""The same script in another example: its own folder's utils.py clears; a/utils.py is never this one's."""

import torch

from utils import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
