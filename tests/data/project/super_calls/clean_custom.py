# expect: clean
"""The twin of custom.py: the subclass's loop clears `self.optimizer` (the base's `__init__` set it) before each
step. Read as another optimizer than the base's step's, its step would be a false ZG101."""

from engine.base import BaseTrainer


class ClearingTrainer(BaseTrainer):
    def train_step(self, batch):
        loss = super().train_step(batch)
        self.seen += 1
        return loss

    def fit(self, loader):
        for epoch in range(self.epochs):
            for batch in loader:
                self.optimizer.zero_grad()
                self.train_step(batch)
