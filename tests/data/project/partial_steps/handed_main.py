# expect: clean
"""The partial of the forgetful step handed to loops.py's `fit`, whose loop runs it: never cleared (reported in
steps.py)."""

import functools

import torch

import loops
from steps import forgetful_step


def main(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    loops.fit(loader, epochs, functools.partial(forgetful_step, model=model, optimizer=opt, scale=0.5))


def named(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    step = functools.partial(forgetful_step, model=model, optimizer=opt)
    loops.fit(loader, epochs, step_fn=step)
