# expect: clean
"""`step = partial(forgetful_step, model=model, optimizer=opt)` called in the loop: the step of steps.py runs
with `opt`, which nobody clears (reported in steps.py)."""

from functools import partial

import torch

from steps import forgetful_step


def main(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    step = partial(forgetful_step, model=model, optimizer=opt)
    for epoch in range(epochs):
        for batch in loader:
            step(batch)
