# expect: clean
"""An autoencoder's training wrapper (a LightningModule with manual optimisation): the generator and the
discriminator each have an optimizer and a schedule; each batch updates the discriminator, then the generator, and
steps both schedules after their optimizers."""

import lightning.pytorch as pl
import torch

from .optim import create_optimizer, create_scheduler


class AutoencoderTrainingWrapper(pl.LightningModule):
    def __init__(self, autoencoder, discriminator, optimizer_configs):
        super().__init__()
        self.automatic_optimization = False
        self.autoencoder = autoencoder
        self.discriminator = discriminator
        self.optimizer_configs = optimizer_configs

    def configure_optimizers(self):
        opt_gen = create_optimizer(self.autoencoder.parameters(), self.optimizer_configs["autoencoder"]["optimizer"])
        opt_disc = create_optimizer(self.discriminator.parameters(), self.optimizer_configs["discriminator"]["optimizer"])
        sched_gen = create_scheduler(opt_gen, self.optimizer_configs["autoencoder"]["scheduler"])
        sched_disc = create_scheduler(opt_disc, self.optimizer_configs["discriminator"]["scheduler"])
        return [opt_gen, opt_disc], [sched_gen, sched_disc]

    def losses(self, reals):
        fakes = self.autoencoder(reals)
        disc_loss = self.discriminator.loss(reals, fakes.detach())
        gen_loss = torch.nn.functional.l1_loss(fakes, reals) + self.discriminator.adversarial_loss(fakes)
        return gen_loss, disc_loss

    def training_step(self, batch, batch_idx):
        reals = batch[0]
        opt_gen, opt_disc = self.optimizers()
        sched_gen, sched_disc = self.lr_schedulers()
        opt_disc.zero_grad()
        opt_gen.zero_grad()
        gen_loss, disc_loss = self.losses(reals)
        self.manual_backward(disc_loss)
        opt_disc.step()
        sched_disc.step()
        self.manual_backward(gen_loss)
        opt_gen.step()
        sched_gen.step()
        self.log_dict({"train/gen_loss": gen_loss.detach(), "train/disc_loss": disc_loss.detach()})
