# expect: ZG102 24:13
"""A variant that logs the gradient's norm of each batch and then clears it, inside `toggle_model` after the manual
backward: the optimizer's step that follows sees no gradients, in every batch."""

import torch

from .base import AbstractAutoencoder


class RegularizedAutoencoder(AbstractAutoencoder):
    def training_step(self, batch, batch_idx):
        opts = self.optimizers()
        if not isinstance(opts, list):
            opts = [opts]
        optimizer_idx = batch_idx % len(opts)
        if self.global_step < self.disc_start:
            optimizer_idx = 0
        opt = opts[optimizer_idx]
        with opt.toggle_model():
            loss = self.inner_training_step(batch, optimizer_idx)
            self.manual_backward(loss)
            norm = torch.cat([p.grad.flatten() for p in self.parameters() if p.grad is not None]).norm()
            self.log("train/grad_norm", norm)
            opt.zero_grad()
        opt.step()
