# expect: ZG101 25:9
# expect: ZG104 28:9
"""A GAN trainer whose optimizers live in a dict (`self.optimizers["d"]`), built from its config: the generator's
step clears its own before each backward; the discriminator's never does (its gradients pile up over the loop's
iterations, the generator's backward through it included). Reported here for main.py's loop. The generator's clear
runs after its forward pass, the `fake` the loop made and handed to `step_generator`, and before the backward of the
loss computed from it: the opt-in ZG104, for either loop."""

import torch


class GanTrainer:
    def __init__(self, generator, discriminator, optim_cfg):
        self.generator = generator
        self.discriminator = discriminator
        self.optimizers = {
            "g": torch.optim.Adam(generator.parameters(), lr=optim_cfg.lr, betas=(0.5, 0.999)),
            "d": torch.optim.Adam(discriminator.parameters(), lr=optim_cfg.lr, betas=(0.5, 0.999)),
        }

    def step_discriminator(self, real, fake):
        real_score = self.discriminator(real).mean()
        loss = self.discriminator(fake.detach()).mean() - real_score
        loss.backward()
        self.optimizers["d"].step()

    def step_generator(self, fake):
        self.optimizers["g"].zero_grad()
        loss = -self.discriminator(fake).mean()
        loss.backward()
        self.optimizers["g"].step()

    def clear_discriminator(self):
        self.optimizers["d"].zero_grad()
