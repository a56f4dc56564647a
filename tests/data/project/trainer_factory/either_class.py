# expect: clean
"""The factory returns one of two classes, `LeakyStepper` or its subclass that keeps its step: on either branch the
loop runs the same `train_step` with the same objects, which never clears (reported in training/steppers.py).
(Where the branches' classes run different steps, as unknown_class.py's, the call is not one known call: silent.)"""

import torch

from training.builders import build_for_device


def main(cfg, model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    stepper = build_for_device(cfg, model, opt)
    for epoch in range(cfg.epochs):
        for batch in loader:
            stepper.train_step(batch)
