# expect: clean
"""The project's base trainer: the library's `Trainer` (through `compat`), with words of its own on logging only."""

from .compat import Trainer


class BaseTrainer(Trainer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.kept_losses = []

    def log(self, logs, *args, **kwargs):
        if self.kept_losses:
            logs["mean_loss"] = sum(float(x) for x in self.kept_losses) / len(self.kept_losses)
            self.kept_losses.clear()
        super().log(logs, *args, **kwargs)
