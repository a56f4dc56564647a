# expect: clean
"""The twin: the subclass's own loop keeps the base's `accelerator.accumulate` around each batch's step."""

from .base import Trainer


class SyncedTrainer(Trainer):
    def fit(self):
        for batch in self.loader:
            with self.accelerator.accumulate(self.model):
                self.step(batch)
