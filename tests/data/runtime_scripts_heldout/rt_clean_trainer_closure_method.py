"""Runnable, correct: a trainer passes its own clearing closure method to LBFGS.step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn


class Fitter:
    def __init__(self):
        torch.manual_seed(0)
        self.model = nn.Linear(3, 1)
        self.x, self.y = torch.randn(16, 3), torch.randn(16, 1)
        self.optimizer = torch.optim.LBFGS(self.model.parameters(), lr=0.1, max_iter=4)

    def _closure(self):
        self.optimizer.zero_grad()
        loss = nn.functional.mse_loss(self.model(self.x), self.y)
        loss.backward()
        return loss

    def fit(self):
        for _ in range(3):
            self.optimizer.step(self._closure)


Fitter().fit()
