# expect: clean
"""A package's autoencoder LightningModule with manual optimisation: one optimizer for the autoencoder and, when a
discriminator is trained, a second one; each batch updates one of them, picked by the batch's index. The subclasses
give the batch's work (`training_step`) and the losses."""

import lightning.pytorch as pl
import torch


class AbstractAutoencoder(pl.LightningModule):
    def __init__(self, encoder, decoder, loss, lr=4.5e-6, disc_start=0):
        super().__init__()
        self.encoder = encoder
        self.decoder = decoder
        self.loss = loss
        self.lr = lr
        self.disc_start = disc_start
        self.automatic_optimization = False

    def forward(self, x):
        z = self.encoder(x)
        return z, self.decoder(z)

    def inner_training_step(self, batch, optimizer_idx):
        x = batch["image"]
        z, xrec = self(x)
        if optimizer_idx == 0:
            return self.loss(x, xrec, z, split="train")
        return self.loss.discriminator_loss(x, xrec.detach())

    def configure_optimizers(self):
        ae = torch.optim.Adam(list(self.encoder.parameters()) + list(self.decoder.parameters()), lr=self.lr)
        if not self.loss.has_discriminator:
            return ae
        disc = torch.optim.Adam(self.loss.discriminator.parameters(), lr=self.lr)
        return [ae, disc]
