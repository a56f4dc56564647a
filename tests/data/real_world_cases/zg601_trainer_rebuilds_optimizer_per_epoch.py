"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG601 23:30, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

A trainer builds self.optimizer (Adam) at the start of every epoch; its epoch helper steps it.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG601 23:30
import torch


class Trainer:
    def __init__(self, model):
        self.model = model

    def train_epoch(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            torch.nn.functional.mse_loss(self.model(x), y).backward()
            self.optimizer.step()

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)
            self.train_epoch(loader)
