# expect: clean
"""Trainers whose loop calls `self.train_step`, which a mixin of another module defines: `Trainer` takes it from
`ForgetfulStepMixin` (never clears: reported in trainers/mixins.py); `ClearingTrainer` from `ClearingStepMixin`
(right: silent)."""

from .mixins import ClearingStepMixin, ForgetfulStepMixin, LoggingMixin


class Trainer(LoggingMixin, ForgetfulStepMixin):
    def __init__(self, model, optimizer, epochs):
        self.model = model
        self.optimizer = optimizer
        self.epochs = epochs

    def fit(self, loader):
        for epoch in range(self.epochs):
            for batch in loader:
                self.train_step(batch)
            self.log("epoch", epoch)


class ClearingTrainer(LoggingMixin, ClearingStepMixin):
    def __init__(self, model, optimizer, epochs):
        self.model = model
        self.optimizer = optimizer
        self.epochs = epochs

    def fit(self, loader):
        for epoch in range(self.epochs):
            for batch in loader:
                self.train_step(batch)
