"""Runnable trainer: the loop calls a step helper that never clears.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 19:9
import torch
from torch import nn


class Trainer:
    def __init__(self):
        torch.manual_seed(0)
        self.model = nn.Linear(4, 2)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1, momentum=0.9)

    def train_step(self, x, y):
        loss = nn.functional.cross_entropy(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def fit(self, steps):
        for _ in range(steps):
            self.train_step(torch.randn(8, 4), torch.randint(0, 2, (8,)))


Trainer().fit(4)
