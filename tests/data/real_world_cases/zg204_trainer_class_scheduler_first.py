"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG204 26:13, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

A trainer steps self.scheduler before its epoch of self.optimizer steps.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG204 26:13
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
        self.scheduler = torch.optim.lr_scheduler.MultiStepLR(self.optimizer, milestones=[30, 60])

    def train_epoch(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(self.model(x), y)
            loss.backward()
            self.optimizer.step()

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            self.scheduler.step()
            self.train_epoch(loader)
