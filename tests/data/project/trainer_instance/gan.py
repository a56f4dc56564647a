# expect: clean
"""Two instances of training/stepper.py's `Stepper`, one per network: each `self.optimizer` is its own
construction's argument, so the generator's step right after its backward, then the clears of both before the
discriminator's backward, are right. (Read as one `self.optimizer`, the discriminator's clear would double the
generator's (ZG103) and the generator's step would apply the discriminator's gradients (ZG101).)"""

import torch

from training.stepper import Stepper


def train(generator, discriminator, loader, epochs):
    gen = Stepper(torch.optim.Adam(generator.parameters(), lr=2e-4), "gen")
    disc = Stepper(torch.optim.Adam(discriminator.parameters(), lr=2e-4), name="disc")
    for epoch in range(epochs):
        for real in loader:
            fake = generator(torch.randn(real.size(0), 16))
            gen_loss = -discriminator(fake).mean()
            gen_loss.backward()
            gen.update()
            gen.clear()
            disc.clear()
            disc_loss = discriminator(fake.detach()).mean() - discriminator(real).mean()
            disc_loss.backward()
            disc.update()
