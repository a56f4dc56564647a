# expect: clean
"""The GAN trainer (transformer-vocos's `VocosState.train_step`, written here): the generator's forward first; the
discriminator's step clears its optimizer, scores the real waveform masked by the generator's mask and the detached
fake, backpropagates and steps; then the generator's loss, backward, step and clear. The discriminator's backward
reaches no generator parameter (the mask has no graph, the fake is detached): the generator's step applies only its
own loss (no ZG101), and the forward before the discriminator's clear is the generator's, of no parameter the
discriminator's optimizer holds and reaching its loss through no graph (no ZG104)."""

import torch

from model import Generator


class Trainer:
    def __init__(self, discriminator, loader, mels=80, hop=256):
        self.generator = Generator(mels, hop)
        self.discriminator = discriminator
        self.loader = loader
        self.opt_gen = torch.optim.AdamW(self.generator.parameters(), lr=2e-4)
        self.opt_disc = torch.optim.AdamW(self.discriminator.parameters(), lr=2e-4)

    def train_step(self, mel, mel_mask, wav):
        fake, fake_mask = self.generator(mel, mel_mask)
        real = wav[:, :fake.shape[1]] * fake_mask
        self.opt_disc.zero_grad()
        disc_loss = (1 - self.discriminator(real)).relu().mean() + (1 + self.discriminator(fake.detach())).relu().mean()
        disc_loss.backward()
        self.opt_disc.step()

        gen_loss = (fake - real).abs().mean() - self.discriminator(fake).mean()
        gen_loss.backward()
        self.opt_gen.step()
        self.opt_gen.zero_grad()

    def train(self, epochs):
        for epoch in range(epochs):
            for mel, mel_mask, wav in self.loader:
                self.train_step(mel, mel_mask, wav)
