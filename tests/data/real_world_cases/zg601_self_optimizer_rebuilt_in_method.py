"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG601 19:30, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

A trainer rebuilds self.optimizer (AdamW) in its batch loop.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG601 19:30
import torch
from torch.optim import AdamW


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.lr = lr

    def train(self, loader):
        for batch in loader:
            self.optimizer = AdamW(self.model.parameters(), lr=self.lr)
            self.optimizer.zero_grad()
            loss = self.model(batch).mean()
            loss.backward()
            self.optimizer.step()
