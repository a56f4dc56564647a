"""A trainer class whose epoch method never clears self.optimizer.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 23:13
import torch
from torch import nn


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
        self.criterion = nn.CrossEntropyLoss()

    def train_epoch(self, loader):
        self.model.train()
        total = 0.0
        for inputs, targets in loader:
            logits = self.model(inputs)
            loss = self.criterion(logits, targets)
            loss.backward()
            self.optimizer.step()
            total += loss.item()
        return total / len(loader)
