# expect: clean
"""The twin: the clip in `_before_update`, between the backward and the step."""

import torch

from training.strategies import Naive


class ClippedNaive(Naive):
    def __init__(self, model, optimizer, criterion, max_norm=1.0, **kwargs):
        super().__init__(model, optimizer, criterion, **kwargs)
        self.max_norm = max_norm

    def _before_update(self):
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
        super()._before_update()
