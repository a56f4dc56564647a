"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG602 23:13, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

A trainer accumulates the loss tensor into self.running_loss.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG602 23:13
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        self.running_loss = 0.0

    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            self.running_loss += loss
