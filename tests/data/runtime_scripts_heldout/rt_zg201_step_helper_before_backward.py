"""Runnable trainer: the step helper is called before the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG201 17:9
import torch
from torch import nn


class Trainer:
    def __init__(self):
        torch.manual_seed(0)
        self.model = nn.Linear(4, 1)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.05)

    def optimizer_step(self):
        self.optimizer.step()

    def fit(self):
        for _ in range(4):
            self.optimizer.zero_grad()
            loss = nn.functional.mse_loss(self.model(torch.randn(8, 4)), torch.randn(8, 1))
            self.optimizer_step()
            loss.backward()


Trainer().fit()
