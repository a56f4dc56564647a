# expect: clean
"""A subclass stepping the schedule in `on_epoch_start` from the second epoch on (`if epoch > 0`): each step follows
the updates of the epoch before, as a step at that epoch's end would."""

from .base import BaseTrainer


class DeferredTrainer(BaseTrainer):
    def on_epoch_start(self, epoch):
        if epoch > 0:
            self.scheduler.step()
