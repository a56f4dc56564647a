# expect: clean
"""The twin: its epoch hook only logs the schedule's current learning rate."""

from .trainer import Trainer


class LoggingTrainer(Trainer):
    def on_epoch_start(self, epoch):
        self.accelerator.print(f"epoch {epoch}: lr {self.scheduler.get_last_lr()[0]:.2e}")
