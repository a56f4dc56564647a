"""Runnable, correct trainer: a reset helper at the top, a step helper with clipping between backward and step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn


class Trainer:
    def __init__(self):
        torch.manual_seed(0)
        self.model = nn.Linear(4, 1)
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)

    def reset_grad(self):
        self.optimizer.zero_grad()

    def optimizer_step(self):
        nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.optimizer.step()

    def fit(self, n):
        for _ in range(n):
            self.reset_grad()
            x, y = torch.randn(8, 4), torch.randn(8, 1)
            nn.functional.mse_loss(self.model(x), y).backward()
            self.optimizer_step()


Trainer().fit(4)
