# expect: ZG204 17:13
"""A trainer with a learning-rate schedule from the config's registry, stepped at the top of each epoch: the first
epoch's step comes before the optimizer's first, so the schedule's first value is skipped."""

from .base import Trainer
from .optim import build_scheduler


class ScheduledTrainer(Trainer):
    def __init__(self, config, model) -> None:
        super().__init__(config, model)
        self.scheduler = build_scheduler(self.optimizer, config)

    def fit(self, train_data) -> list:
        history = []
        for epoch_idx in range(self.epochs):
            self.scheduler.step()
            history.append(self._train_epoch(train_data, epoch_idx))
        return history
