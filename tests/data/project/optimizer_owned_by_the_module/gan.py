# expect: clean
"""The GAN's step clears each network before its own forward: the discriminator at the top, the generator before it
makes the fake batch (the discriminator's loss reads it detached, so only the generator's backward reaches it)."""

import torch

from networks import Discriminator, Generator


class GAN:
    def __init__(self, latent: int, size: int, lr: float):
        self.latent = latent
        self.generator = Generator(latent, size, lr)
        self.discriminator = Discriminator(size, lr)
        self.criterion = torch.nn.BCELoss()

    def step(self, real: torch.Tensor):
        batch = real.shape[0]
        ones, zeros = torch.ones(batch, 1), torch.zeros(batch, 1)
        self.discriminator.zero_grad()
        self.criterion(self.discriminator(real), ones).backward()
        self.generator.zero_grad()
        fake = self.generator(torch.randn(batch, self.latent))
        self.criterion(self.discriminator(fake.detach()), zeros).backward()
        self.discriminator.optimizer.step()

        self.criterion(self.discriminator(fake), ones).backward()
        self.generator.optimizer.step()
