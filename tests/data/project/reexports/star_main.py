# expect: clean
"""The same step taken by a star import of the engine package (whose names are its own star import's, as its
steps' `__all__` says)."""

import torch

from lib.engine import *


def main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(epochs):
        for batch in loader:
            forgetful_step(model, optimizer, batch)
