# expect: clean
"""A trainer stepping, at the top of each epoch, a schedule from the plugins' registry, which may hold the project's
own schedules too: which one runs is not known (silent)."""

from .base import Trainer
from .plugins import build_schedule


class PluginScheduledTrainer(Trainer):
    def __init__(self, config, model) -> None:
        super().__init__(config, model)
        self.scheduler = build_schedule(self.optimizer, config)

    def fit(self, train_data) -> list:
        history = []
        for epoch_idx in range(self.epochs):
            self.scheduler.step()
            history.append(self._train_epoch(train_data, epoch_idx))
        return history
