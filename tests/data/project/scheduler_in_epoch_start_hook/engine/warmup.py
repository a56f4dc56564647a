# expect: ZG204 12:9
"""A subclass that logs the rate and steps the schedule in `on_epoch_start`, before the epoch's first
`optimizer.step()`: the first value of the schedule is skipped (reported at the scheduler's step, for the base's
loop)."""

from .base import BaseTrainer


class LoggingTrainer(BaseTrainer):
    def on_epoch_start(self, epoch):
        print(f"epoch {epoch}: lr {self.optimizer.param_groups[0]['lr']:.5f}")
        self.scheduler.step()
