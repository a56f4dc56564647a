# expect: clean
"""The twins: the clearing step bound with `partial`, called in the loop and handed to loops.py's `fit`; and the
forgetful one run in a loop that clears `opt` itself (the partial's `optimizer` is `opt`)."""

from functools import partial

import torch

from loops import fit
from steps import clearing_step, forgetful_step


def main(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    step = partial(clearing_step, model=model, optimizer=opt)
    for epoch in range(epochs):
        for batch in loader:
            step(batch)


def handed(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    fit(loader, epochs, partial(clearing_step, model=model, optimizer=opt))


def cleared_by_loop(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    step = partial(forgetful_step, model=model, optimizer=opt)
    for epoch in range(epochs):
        for batch in loader:
            opt.zero_grad()
            step(batch)
