# expect: ZG401 14:13
"""The twin: its update helper clips before it unscales, so the threshold meets gradients the scaler scaled."""

import torch

from my_unit import MyUnit


class ClipFirstUnit(MyUnit):
    def _update_weights(self):
        optimizer = self.optimizer
        grad_scaler = self.grad_scaler
        if grad_scaler:
            torch.nn.utils.clip_grad_norm_(self.module.parameters(), 1.0)
            grad_scaler.unscale_(optimizer)
            grad_scaler.step(optimizer)
            grad_scaler.update()
        else:
            torch.nn.utils.clip_grad_norm_(self.module.parameters(), 1.0)
            optimizer.step()
        self.zero_grad()
