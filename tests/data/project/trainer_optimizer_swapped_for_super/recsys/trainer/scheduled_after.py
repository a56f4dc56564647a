# expect: clean
"""A trainer with a learning-rate schedule from the config's registry, stepped after each epoch's
batches."""

from .base import Trainer
from .optim import build_scheduler


class EpochEndScheduledTrainer(Trainer):
    def __init__(self, config, model) -> None:
        super().__init__(config, model)
        self.scheduler = build_scheduler(self.optimizer, config)

    def fit(self, train_data) -> list:
        history = []
        for epoch_idx in range(self.epochs):
            history.append(self._train_epoch(train_data, epoch_idx))
            self.scheduler.step()
        return history
