# expect: clean
"""A script in a package folder: `from common import ...` is examples/pkg/common.py run as a script, the root's
common.py run as `python -m examples.pkg.train`: which one is not known, so nothing is reported."""

import torch

from common import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)


if __name__ == "__main__":
    main(torch.nn.Linear(4, 2), [])
