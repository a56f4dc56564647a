# expect: clean
"""instance_main.py without the clear: the base's step, reached through the subclass's `super().train_step()`,
applies every earlier batch's gradients (reported in engine/base.py)."""

import torch

from custom import CountingTrainer


def main(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    trainer = CountingTrainer(model, opt, epochs)
    for epoch in range(epochs):
        for batch in loader:
            trainer.train_step(batch)
