# expect: clean
"""A package's GAN LightningModule with manual optimisation: each batch steps the discriminator (its own
`discriminator_step`, overridable), then, every `n_critic` batches, the generator, each between
`toggle_optimizer` and `untoggle_optimizer` so that one loss's backward reaches only that optimizer's parameters.
The subclasses give the losses."""

import lightning.pytorch as pl
import torch


class GANModule(pl.LightningModule):
    def __init__(self, generator, discriminator, latent_dim=128, n_critic=1, lr=2e-4):
        super().__init__()
        self.generator = generator
        self.discriminator = discriminator
        self.latent_dim = latent_dim
        self.n_critic = n_critic
        self.lr = lr
        self.automatic_optimization = False

    def sample(self, n):
        return self.generator(torch.randn(n, self.latent_dim, device=self.device))

    def training_step(self, batch, batch_idx):
        real, _ = batch
        opt_g, opt_d = self.optimizers()
        self.discriminator_step(real, opt_d)
        if (batch_idx + 1) % self.n_critic == 0:
            self.toggle_optimizer(opt_g)
            g_loss = self.generator_loss(self.sample(real.size(0)))
            self.manual_backward(g_loss)
            opt_g.step()
            opt_g.zero_grad()
            self.untoggle_optimizer(opt_g)
            self.log("g_loss", g_loss, prog_bar=True)

    def discriminator_step(self, real, opt_d):
        self.toggle_optimizer(opt_d)
        d_loss = self.discriminator_loss(real, self.sample(real.size(0)).detach())
        self.manual_backward(d_loss)
        opt_d.step()
        opt_d.zero_grad()
        self.untoggle_optimizer(opt_d)
        self.log("d_loss", d_loss, prog_bar=True)

    def generator_loss(self, fake):
        raise NotImplementedError

    def discriminator_loss(self, real, fake):
        raise NotImplementedError

    def configure_optimizers(self):
        opt_g = torch.optim.Adam(self.generator.parameters(), lr=self.lr, betas=(0.5, 0.999))
        opt_d = torch.optim.Adam(self.discriminator.parameters(), lr=self.lr, betas=(0.5, 0.999))
        return [opt_g, opt_d]
