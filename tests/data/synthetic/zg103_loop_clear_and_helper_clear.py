"""The loop clears, then calls a step helper that clears the same optimizer first thing.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG103 15:9
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters())

    def train_step(self, x, y):
        self.optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.optimizer.step()

    def train(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            self.train_step(x, y)
