# expect: clean
"""`try: from .fused import ... except ImportError: from .plain import ...`: unknown, as for an `if`."""

import torch

try:
    from .fused import train_batch
except ImportError:
    from .plain import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
