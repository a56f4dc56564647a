# expect: clean
"""The twin: the same endless generator, the clear after the step."""

import torch
from accelerate import Accelerator
from torch import nn

from learner import Learner


def forever(loader):
    while True:
        for batch in loader:
            yield batch


class FixedTrainer(nn.Module):
    def __init__(self, net, loader, steps, lr=3e-4):
        super().__init__()
        self.accelerator = Accelerator()
        self.learner = Learner(net)
        self.optimizer = torch.optim.Adam(self.learner.parameters(), lr=lr)
        self.learner, self.optimizer, self.loader = self.accelerator.prepare(
            self.learner, self.optimizer, loader
        )
        self.steps = steps

    def forward(self):
        batches = forever(self.loader)
        for _ in range(self.steps):
            views = next(batches)
            loss = self.learner(views)
            self.accelerator.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
