# expect: clean
"""A module of the package that does not say it runs as a script: imported as `examples.pkg.imports_helpers`, its
`from helpers import ...` is not this folder's helpers.py (an installed library's, if any): unknown."""

import torch

from helpers import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
