# expect: clean
"""The loop clears `opt` itself and the factory hands `opt` to the stepper as its `self.optimizer`: one
optimizer, cleared before each backward. (Read as some other optimizer, the step would never be cleared.)"""

import torch

from training import builders


def main(cfg, model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    stepper = builders.build_stepper(cfg, model, opt)
    for epoch in range(cfg.epochs):
        for batch in loader:
            opt.zero_grad()
            stepper.train_step(batch)
