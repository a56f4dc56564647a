# expect: clean
"""The DCGAN losses: binary cross-entropy on the discriminator's logits."""

import torch
import torch.nn.functional as F

from .base import GANModule


class DCGAN(GANModule):
    def generator_loss(self, fake):
        logits = self.discriminator(fake)
        return F.binary_cross_entropy_with_logits(logits, torch.ones_like(logits))

    def discriminator_loss(self, real, fake):
        real_logits = self.discriminator(real)
        fake_logits = self.discriminator(fake)
        real_loss = F.binary_cross_entropy_with_logits(real_logits, torch.ones_like(real_logits))
        fake_loss = F.binary_cross_entropy_with_logits(fake_logits, torch.zeros_like(fake_logits))
        return (real_loss + fake_loss) / 2
