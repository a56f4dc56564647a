# expect: clean
"""The loop calls a method of an instance that training/builders.py's factory returns: the factory's one
construction is followed, its `optimizer=optimizer` read as this loop's `opt`; the step it reaches never
clears, reported in training/steppers.py."""

import torch

from training.builders import build_stepper


def main(cfg, model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    stepper = build_stepper(cfg, model, opt)
    for epoch in range(cfg.epochs):
        for batch in loader:
            stepper.train_step(batch)
