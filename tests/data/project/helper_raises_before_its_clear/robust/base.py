# expect: ZG101 21:13
"""A base trainer for subclasses outside the tree: its loss is an abstract method (`raise NotImplementedError`), which
an override replaces and which returns the loss; the path goes on after the call as after an unknown one, and the
loop, never cleared, is reported (a `raise` that ends the path would hide it)."""

import torch


class BaseTrainer:
    def __init__(self, model, lr=1e-3):
        self.model = model
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=lr)

    def compute_loss(self, batch):
        raise NotImplementedError

    def train(self, loader):
        for batch in loader:
            loss = self.compute_loss(batch)
            loss.backward()
            self.optimizer.step()
