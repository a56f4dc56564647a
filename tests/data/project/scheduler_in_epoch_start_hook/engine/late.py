# expect: clean
"""The twin: the schedule stepped in `on_epoch_end`, after the epoch's updates."""

from .base import BaseTrainer


class LateTrainer(BaseTrainer):
    def on_epoch_end(self, epoch):
        self.scheduler.step()
