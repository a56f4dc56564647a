# expect: ZG203 17:9
"""A strategy clipping the gradients in its `_after_update` callback: the update mixin's loop
(training/strategies/sgd_update.py) calls it after the step, so the clip changes nothing the step sees."""

import torch

from training.strategies import Naive


class ClippedNaive(Naive):
    def __init__(self, model, optimizer, criterion, max_norm=1.0, **kwargs):
        super().__init__(model, optimizer, criterion, **kwargs)
        self.max_norm = max_norm

    def _after_update(self):
        super()._after_update()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
