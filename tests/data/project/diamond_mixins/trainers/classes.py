# expect: clean
"""Trainers mixing the logging mixin with a step, all three deriving from trainers/base.py's class: Python's order
(C3) puts each step class before the shared base, so the base's `fit` runs the step's `train_step`, not the base's
abstract one."""

from .logging import LoggingMixin
from .steps import ClearingStep, ForgetfulStep


class Trainer(LoggingMixin, ClearingStep):
    pass


class LeakyTrainer(LoggingMixin, ForgetfulStep):
    pass
