# expect: clean
"""A unit whose step and whose update helper each read `self.grad_scaler` into a local and test it (torchtnt's
AutoUnit): one value, so the scaled backward meets the scaler's unscale and step, the plain one the plain step."""

import torch

from .precision import grad_scaler_for


class AutoUnit:
    def __init__(self, module, precision=None, clip_grad_norm=None, accumulation=1):
        self.module = module
        self.optimizer = self.configure_optimizer(module)
        self.grad_scaler = grad_scaler_for(precision)
        self.clip_grad_norm = clip_grad_norm
        self.accumulation = accumulation
        self.steps = 0

    def configure_optimizer(self, module):
        raise NotImplementedError

    def compute_loss(self, batch):
        raise NotImplementedError

    def train_step(self, batch):
        self.steps += 1
        should_update = self.steps % self.accumulation == 0
        grad_scaler = self.grad_scaler
        loss = self.compute_loss(batch) / self.accumulation
        if grad_scaler:
            scaled_loss = grad_scaler.scale(loss)
            scaled_loss.backward()
        else:
            loss.backward()
        if should_update:
            self._update_weights()
        return loss

    def zero_grad(self):
        self.optimizer.zero_grad(set_to_none=True)

    def _update_weights(self):
        optimizer = self.optimizer
        grad_scaler = self.grad_scaler
        clip_grad_norm = self.clip_grad_norm
        if grad_scaler and clip_grad_norm:
            grad_scaler.unscale_(optimizer)
        if clip_grad_norm:
            torch.nn.utils.clip_grad_norm_(self.module.parameters(), clip_grad_norm)
        if grad_scaler:
            grad_scaler.step(optimizer)
            grad_scaler.update()
        else:
            optimizer.step()
        self.zero_grad()
