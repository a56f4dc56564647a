# expect: ZG101 13:5
"""Two modules that import each other: the cycle is followed once, and the step is still found."""

import torch

from beta import backward_of


def step(model, batch, optimizer):
    backward_of(model, batch)
    # The loop of beta.py calls this with nothing cleared: each step applies
    # every batch's gradients so far.
    optimizer.step()


def run(model, loader):
    optimizer = torch.optim.Adam(model.parameters())
    for batch in loader:
        step(model, batch, optimizer)
