"""Runnable trainer: a reset helper runs between the backward and the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG102 17:9
import torch
from torch import nn


class Trainer:
    def __init__(self):
        torch.manual_seed(0)
        self.model = nn.Linear(4, 1)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.05)

    def reset(self):
        self.optimizer.zero_grad()

    def fit(self):
        for _ in range(4):
            x, y = torch.randn(8, 4), torch.randn(8, 1)
            nn.functional.mse_loss(self.model(x), y).backward()
            self.reset()
            self.optimizer.step()


Trainer().fit()
