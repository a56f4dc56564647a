"""A helper loops `while True` over micro-batches (backward each, break when done); the loop steps once after it.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


class Trainer:
    def __init__(self, model, n_micro):
        self.model = model
        self.n_micro = n_micro
        self.optimizer = torch.optim.Adam(model.parameters())

    def accumulate(self, it):
        k = 0
        while True:
            x, y = next(it)
            loss = torch.nn.functional.mse_loss(self.model(x), y) / self.n_micro
            loss.backward()
            k += 1
            if k == self.n_micro:
                break

    def train(self, loader, steps):
        it = iter(loader)
        for step in range(steps):
            self.optimizer.zero_grad()
            self.accumulate(it)
            self.optimizer.step()
