# expect: ZG101 23:13
"""A subclass of another module clipping each window's gradients before its step; its override of the batch helper
forgot the base's clear at the first batch of each window, so every step applies again the gradients of all the
earlier windows (reported at its step, for the base's loop in model.py)."""

import torch

from .model import Model


class ClippedModel(Model):
    def __init__(self, network, optimizer, loss_function, max_norm=1.0):
        super().__init__(network, optimizer, loss_function)
        self.max_norm = max_norm

    def _fit_batch_n(self, x, y, number, batches_per_step, examples_in_step):
        do_step = number % batches_per_step == 0
        loss = self.loss_function(self.network(x), y)
        (loss * len(x)).backward()
        if do_step:
            self._adjust_step_size(examples_in_step)
            torch.nn.utils.clip_grad_norm_(self.network.parameters(), self.max_norm)
            self.optimizer.step()
        return float(loss), do_step
