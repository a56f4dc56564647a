"""The loss helper returns the loss divided by the accumulation count.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


class Trainer:
    def __init__(self, model, accum):
        self.model = model
        self.accum = accum
        self.optimizer = torch.optim.Adam(model.parameters())

    def compute_loss(self, batch):
        x, y = batch
        return torch.nn.functional.mse_loss(self.model(x), y) / self.accum

    def train(self, loader):
        for i, batch in enumerate(loader):
            loss = self.compute_loss(batch)
            loss.backward()
            if (i + 1) % self.accum == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()
