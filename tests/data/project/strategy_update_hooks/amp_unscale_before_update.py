# expect: clean
"""The twin: `unscale_` before the clip."""

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
        self.scaler.unscale_(self.optimizer)
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
        super()._before_update()

    def optimizer_step(self):
        self.scaler.step(self.optimizer)
        self.scaler.update()
