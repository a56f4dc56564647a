"""A clip helper called between the backward and the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


class Trainer:
    def __init__(self, model, max_norm):
        self.model = model
        self.max_norm = max_norm
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def clip(self):
        return torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)

    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            torch.nn.functional.mse_loss(self.model(x), y).backward()
            self.clip()
            self.optimizer.step()
