# expect: clean
"""Clears before each backward: the base class's loop with this step is right."""

from .base import Trainer


class GoodTrainer(Trainer):
    def train_step(self, batch):
        inputs, targets = batch
        self.optimizer.zero_grad()
        loss = self.model(inputs, targets)
        loss.backward()
        self.optimizer.step()
