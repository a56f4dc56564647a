"""`self.optimizer.step` without parentheses in a trainer.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG202 19:13
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters())

    def train(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.optimizer.step
