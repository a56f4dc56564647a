# expect: clean
"""A script in a package folder (it tests `__name__ == "__main__"`): `from helpers import ...`, with no helpers module
at the root, is the one beside it (the script's folder is first on sys.path when it runs)."""

import torch

from helpers import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)


if __name__ == "__main__":
    main(torch.nn.Linear(4, 2), [])
