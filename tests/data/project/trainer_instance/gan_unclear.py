# expect: clean
"""gan.py without the discriminator's clear: nothing clears its gradients, so each of its steps applies every
earlier iteration's too (and the generator's backward through it). Reported in training/stepper.py, on the step."""

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
            disc_loss = discriminator(fake.detach()).mean() - discriminator(real).mean()
            disc_loss.backward()
            disc.update()
