# expect: ZG201 34:9
"""The GAN phases: the generator's update steps its optimizer before the backward of its own loss, so each step
applies the gradients of the previous batch's generator loss (ZG201)."""

import torch
from torch.nn import functional as F

from trainers.base import PhaseTrainer


class GANTrainer(PhaseTrainer):
    phases = ("update_d", "update_g")

    def __init__(self, generator, discriminator, z_dim, epochs, lr=2e-4):
        super().__init__(epochs)
        self.G, self.D, self.z_dim = generator, discriminator, z_dim
        self.opt_g = torch.optim.Adam(generator.parameters(), lr=lr, betas=(0.5, 0.999))
        self.opt_d = torch.optim.Adam(discriminator.parameters(), lr=lr, betas=(0.5, 0.999))

    def update_d(self, real):
        self.opt_d.zero_grad()
        fake = self.G(torch.randn(real.size(0), self.z_dim, device=real.device)).detach()
        real_logits, fake_logits = self.D(real), self.D(fake)
        loss_d = F.binary_cross_entropy_with_logits(real_logits, torch.ones_like(real_logits)) + \
            F.binary_cross_entropy_with_logits(fake_logits, torch.zeros_like(fake_logits))
        loss_d.backward()
        self.opt_d.step()
        return {"loss_d": loss_d.item()}

    def update_g(self, real):
        self.opt_g.zero_grad()
        logits = self.D(self.G(torch.randn(real.size(0), self.z_dim, device=real.device)))
        loss_g = F.binary_cross_entropy_with_logits(logits, torch.ones_like(logits))
        self.opt_g.step()
        loss_g.backward()
        return {"loss_g": loss_g.item()}
