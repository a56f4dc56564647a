# expect: ZG101 24:9
"""The buggy twin (code-soup's parent of 7aa48e7): only the generator is cleared, so the discriminator's step applies
every earlier batch's discriminator gradients and those the generator's backward left in it."""

import torch

from networks import Discriminator, Generator


class UnclearedGAN:
    def __init__(self, latent: int, size: int, lr: float):
        self.latent = latent
        self.generator = Generator(latent, size, lr)
        self.discriminator = Discriminator(size, lr)
        self.criterion = torch.nn.BCELoss()

    def step(self, real: torch.Tensor):
        batch = real.shape[0]
        ones, zeros = torch.ones(batch, 1), torch.zeros(batch, 1)
        self.criterion(self.discriminator(real), ones).backward()
        self.generator.zero_grad()
        fake = self.generator(torch.randn(batch, self.latent))
        self.criterion(self.discriminator(fake.detach()), zeros).backward()
        self.discriminator.optimizer.step()

        self.criterion(self.discriminator(fake), ones).backward()
        self.generator.optimizer.step()
