"""A trainer calls its optimizer_step() helper before the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG201 16:9
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.steps = 0
        self.optimizer = torch.optim.AdamW(model.parameters())

    def optimizer_step(self):
        self.optimizer.step()
        self.steps += 1

    def train(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(self.model(x), y)
            self.optimizer_step()
            loss.backward()
