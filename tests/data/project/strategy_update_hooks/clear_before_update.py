# expect: ZG102 10:9
"""A strategy clearing in `_before_update`: after the template's backward and before its step, so every step of
the update mixin's loop sees no gradients."""

from training.strategies import Naive


class ResetNaive(Naive):
    def _before_update(self):
        self.optimizer.zero_grad()
        super()._before_update()
