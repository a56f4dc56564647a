"""Runnable trainer: a helper runs the backward, then the loop clears the model before the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG102 23:13
import torch
from torch import nn


class Trainer:
    def __init__(self):
        torch.manual_seed(0)
        self.model = nn.Linear(4, 1)
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-2)

    def forward_backward(self, x, y):
        loss = nn.functional.mse_loss(self.model(x), y)
        loss.backward()

    def fit(self):
        for _ in range(4):
            self.forward_backward(torch.randn(8, 4), torch.randn(8, 1))
            self.model.zero_grad()
            self.optimizer.step()


Trainer().fit()
