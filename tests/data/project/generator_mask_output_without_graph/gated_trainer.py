# expect: ZG101 31:9
# expect: ZG104 24:9
"""trainer.py's buggy twin: the generator's second output is a learned gain with the network's graph, so the
discriminator's backward, through `real = wav * gain`, writes into the generator's parameters, and nothing clears
`opt_gen` before its step applies them beside the generator's own loss (ZG101); the generator's forward then feeds
the discriminator's loss with its graph, and the discriminator's clear runs after it (ZG104, opt-in)."""

import torch

from model import GatedGenerator


class Trainer:
    def __init__(self, discriminator, loader, mels=80, hop=256):
        self.generator = GatedGenerator(mels, hop)
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
