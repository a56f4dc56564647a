# expect: clean
"""The twin of run.py: the factory returns a `ClearingStepper` (bound to a name first), which clears before
each backward."""

import torch

from training.builders import build_clearing_stepper


def main(cfg, model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    stepper = build_clearing_stepper(cfg, model, opt)
    for epoch in range(cfg.epochs):
        for batch in loader:
            stepper.train_step(batch)
