# expect: ZG101 36:9
"""WGAN-GP: five critic steps per generator step, the critic's loss with a gradient penalty (`torch.autograd.grad`,
no backward). Its own `discriminator_step` adds a clip of the critic's weights but forgot the critic's clear: each
critic step applies again the gradients of every earlier one (reported at its step, for the base's `training_step`,
which Lightning runs once per batch)."""

import torch

from .base import GANModule


class WGANGP(GANModule):
    def __init__(self, generator, discriminator, latent_dim=128, gp_weight=10.0, clip_value=None):
        super().__init__(generator, discriminator, latent_dim=latent_dim, n_critic=5, lr=1e-4)
        self.gp_weight = gp_weight
        self.clip_value = clip_value

    def generator_loss(self, fake):
        return -self.discriminator(fake).mean()

    def gradient_penalty(self, real, fake):
        alpha = torch.rand(real.size(0), 1, 1, 1, device=real.device)
        mixed = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
        scores = self.discriminator(mixed)
        grads = torch.autograd.grad(scores.sum(), mixed, create_graph=True)[0]
        return ((grads.flatten(1).norm(2, dim=1) - 1) ** 2).mean()

    def discriminator_loss(self, real, fake):
        wasserstein = self.discriminator(fake).mean() - self.discriminator(real).mean()
        return wasserstein + self.gp_weight * self.gradient_penalty(real, fake)

    def discriminator_step(self, real, opt_d):
        self.toggle_optimizer(opt_d)
        d_loss = self.discriminator_loss(real, self.sample(real.size(0)).detach())
        self.manual_backward(d_loss)
        opt_d.step()
        if self.clip_value is not None:
            for p in self.discriminator.parameters():
                p.data.clamp_(-self.clip_value, self.clip_value)
        self.untoggle_optimizer(opt_d)
        self.log("d_loss", d_loss, prog_bar=True)
