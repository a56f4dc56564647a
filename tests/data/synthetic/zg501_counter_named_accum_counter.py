"""A trainer counts micro-batches in self.accum_counter; the loss is not divided.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG501 19:13
import torch


class Trainer:
    def __init__(self, model, accum):
        self.model = model
        self.accum = accum
        self.accum_counter = 0
        self.optimizer = torch.optim.Adam(model.parameters())

    def train(self, loader):
        for x, y in loader:
            loss = torch.nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.accum_counter += 1
            if self.accum_counter == self.accum:
                self.optimizer.step()
                self.optimizer.zero_grad()
                self.accum_counter = 0
