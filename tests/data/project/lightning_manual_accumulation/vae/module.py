# expect: ZG105 29:9
# expect: ZG105 30:9
"""Lightning manual optimisation with accumulation by hand: each optimizer steps every `accumulate` batches, but both
are cleared at the top of every call of `training_step`, before the backwards: only the last micro-batch's gradients
reach the step (Lightning calls `training_step` once per batch: its loop is the training loop)."""

import lightning.pytorch as pl
import torch

from vae.losses import ReconstructionWithCritic


class AccumulatingAutoencoder(pl.LightningModule):
    def __init__(self, accumulate=4):
        super().__init__()
        self.automatic_optimization = False
        self.accumulate = accumulate
        self.encoder = torch.nn.Linear(32, 8)
        self.decoder = torch.nn.Linear(8, 32)
        self.critic = torch.nn.Linear(32, 1)
        self.losses = ReconstructionWithCritic(self.critic)

    def configure_optimizers(self):
        autoencoder = list(self.encoder.parameters()) + list(self.decoder.parameters())
        return torch.optim.Adam(autoencoder, lr=1e-4), torch.optim.Adam(self.critic.parameters(), lr=1e-4)

    def training_step(self, batch, batch_idx):
        g_opt, d_opt = self.optimizers()
        g_opt.zero_grad()
        d_opt.zero_grad()
        reconstructions = self.decoder(self.encoder(batch))
        g_loss = self.losses(batch, reconstructions, 0) / self.accumulate
        self.manual_backward(g_loss)
        if (batch_idx + 1) % self.accumulate == 0:
            g_opt.step()

        d_loss = self.losses(batch, reconstructions, 1) / self.accumulate
        self.manual_backward(d_loss)
        if (batch_idx + 1) % self.accumulate == 0:
            d_opt.step()
