# expect: clean
"""A mixin that derives from the base too (a diamond): it logs and defines no step of its own."""

from .base import BaseTrainer


class LoggingMixin(BaseTrainer):
    def log(self, name, value):
        print(name, value)
