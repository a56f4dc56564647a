# expect: ZG401 22:9
"""A mixed-precision strategy overriding the template's `backward` and `optimizer_step` with the scaler's calls, and
clipping in `_before_update`, between them: the gradients it clips are still multiplied by the scale (no `unscale_`
first). Each override holds one of the calls; the update mixin's loop (training/strategies/sgd_update.py) runs them
in order."""

import torch

from training.strategies import Naive


class AmpNaive(Naive):
    def __init__(self, model, optimizer, criterion, max_norm=1.0, **kwargs):
        super().__init__(model, optimizer, criterion, **kwargs)
        self.scaler = torch.cuda.amp.GradScaler()
        self.max_norm = max_norm

    def backward(self):
        self.scaler.scale(self.loss).backward()

    def _before_update(self):
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
        super()._before_update()

    def optimizer_step(self):
        self.scaler.step(self.optimizer)
        self.scaler.update()
