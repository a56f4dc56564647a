# expect: clean
"""The autoencoder's batch: the optimizer of this batch is one of `self.optimizers()`, picked by the batch's index
(the discriminator's only once it has started); its clear, the loss under `toggle_model` (only that optimizer's
parameters require grad), the manual backward, then its step."""

from .base import AbstractAutoencoder


class AutoencodingEngine(AbstractAutoencoder):
    def training_step(self, batch, batch_idx):
        opts = self.optimizers()
        if not isinstance(opts, list):
            opts = [opts]
        optimizer_idx = batch_idx % len(opts)
        if self.global_step < self.disc_start:
            optimizer_idx = 0
        opt = opts[optimizer_idx]
        opt.zero_grad()
        with opt.toggle_model():
            loss = self.inner_training_step(batch, optimizer_idx)
            self.manual_backward(loss)
        opt.step()
        self.log("train/loss", loss.detach())
