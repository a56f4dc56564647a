# expect: clean
"""An import for the type checker only, then the one that runs: two bindings, one of them in an `if`: unknown."""

import torch

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .plain import train_batch
else:
    from .fused import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
