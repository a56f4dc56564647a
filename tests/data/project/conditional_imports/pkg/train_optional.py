# expect: clean
"""`from .plain import train_batch` in a `try` whose handler binds nothing else: that one (it never clears)."""

import torch

try:
    from .plain import train_batch
except ImportError:
    pass


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
