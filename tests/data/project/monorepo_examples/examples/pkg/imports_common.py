# expect: clean
"""A module of the package that does not say it runs as a script: imported as `examples.pkg.imports_common`, its
`from common import ...` is the root's common.py (reported there)."""

import torch

from common import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
