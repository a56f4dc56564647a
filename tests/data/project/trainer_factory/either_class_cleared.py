# expect: clean
"""either_class.py with the loop clearing `opt`, which either class steps as its `self.optimizer`: right."""

import torch

from training.builders import build_for_device


def main(cfg, model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    stepper = build_for_device(cfg, model, opt)
    for epoch in range(cfg.epochs):
        for batch in loader:
            opt.zero_grad()
            stepper.train_step(batch)
