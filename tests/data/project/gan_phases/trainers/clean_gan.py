# expect: clean
"""The twin: the generator's backward before its step."""

import torch
from torch.nn import functional as F

from trainers.base import PhaseTrainer


class CleanGANTrainer(PhaseTrainer):
    phases = ("update_g",)

    def __init__(self, generator, discriminator, z_dim, epochs):
        super().__init__(epochs)
        self.G, self.D, self.z_dim = generator, discriminator, z_dim
        self.opt_g = torch.optim.Adam(generator.parameters(), lr=2e-4)

    def update_g(self, real):
        self.opt_g.zero_grad()
        logits = self.D(self.G(torch.randn(real.size(0), self.z_dim)))
        loss_g = F.binary_cross_entropy_with_logits(logits, torch.ones_like(logits))
        loss_g.backward()
        self.opt_g.step()
        return {"loss_g": loss_g.item()}
