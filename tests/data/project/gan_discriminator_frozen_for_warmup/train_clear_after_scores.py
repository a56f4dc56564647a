# expect: ZG104 27:17
# expect: ZG104 31:13
"""The twin: the discriminators' clear runs after their own forwards, which build their loss, and before that loss's
backward on the trained path (opt-in ZG104: correct, but fragile), as the generator's does."""

import itertools

import torch
import torch.nn.functional as F

from models import Discriminator, Generator


def train(loader, freeze_step, epochs):
    generator, periods, scales = Generator(), Discriminator(), Discriminator()
    optim_g = torch.optim.AdamW(generator.parameters())
    optim_d = torch.optim.AdamW(itertools.chain(periods.parameters(), scales.parameters()))
    steps = 0
    for _ in range(epochs):
        for mel, audio in loader:
            fake = generator(mel)

            real_scores = periods(audio) + scales(audio)
            fake_scores = periods(fake.detach()) + scales(fake.detach())
            loss_d = F.relu(1 - real_scores).mean() + F.relu(1 + fake_scores).mean()
            if steps >= freeze_step:
                optim_d.zero_grad()
                loss_d.backward()
                optim_d.step()

            optim_g.zero_grad()
            loss_g = F.l1_loss(fake, audio)
            loss_g.backward()
            optim_g.step()
            steps += 1
