# expect: clean
"""A subclass for streamed data: its own loop over the batches, without the base's `accelerator.accumulate`, so every
micro-batch steps a gradient the Accelerator divided by the accumulation steps (reported in base.py, at the clear).
Its words say only `Trainer`: the module is asked for the base's methods its loop calls all the same."""

from .base import Trainer


class StreamingTrainer(Trainer):
    def fit(self):
        for batch in self.loader:
            self.step(batch)
