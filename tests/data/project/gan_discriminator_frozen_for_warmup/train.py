# expect: ZG104 34:13
"""A GAN vocoder whose two discriminators are left untrained for the first `freeze_step` steps (BigVGAN's train.py),
one optimizer over both (`itertools.chain`): their clear runs every iteration after the generator's forward, but their
own forwards, which build their loss, follow the clear and read the generator's output through `.detach()`; their
backward and step sit under the warm-up test. On the frozen path the next backward is the generator's mel loss, which
reaches no parameter of `optim_d`: no forward of the discriminators' loss is ever before their clear, which is clean.
The generator's own clear, after its forward and before its loss's backward, is the opt-in ZG104 (true)."""

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

            optim_d.zero_grad()
            real_scores = periods(audio) + scales(audio)
            fake_scores = periods(fake.detach()) + scales(fake.detach())
            loss_d = F.relu(1 - real_scores).mean() + F.relu(1 + fake_scores).mean()
            if steps >= freeze_step:
                loss_d.backward()
                optim_d.step()

            optim_g.zero_grad()
            loss_g = F.l1_loss(fake, audio)
            loss_g.backward()
            optim_g.step()
            steps += 1
