"""Runnable AMP on CPU: a step helper uses scaler.step; nothing updates the scaler (second step raises).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG404 18:9
import torch
from torch import nn


class Trainer:
    def __init__(self):
        torch.manual_seed(0)
        self.model = nn.Linear(4, 1)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.05)
        self.scaler = torch.amp.GradScaler("cpu")

    def optimizer_step(self):
        self.scaler.step(self.optimizer)
        self.optimizer.zero_grad()

    def fit(self):
        for _ in range(3):
            loss = nn.functional.mse_loss(self.model(torch.randn(8, 4)), torch.randn(8, 1))
            self.scaler.scale(loss).backward()
            self.optimizer_step()


Trainer().fit()
