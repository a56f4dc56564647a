"""The discriminator's clear after the generator's backward, which wrote into the discriminator's gradients.

pix2pixHD's shape: both losses are computed first (the discriminator's from `fake.detach()`), then the generator's
backward, which runs through the discriminator and fills its `.grad`, and the generator's step; the discriminator's
clear comes after the forward of its loss and before its backward, but it drops the generator's gradients from the
discriminator and must sit after that backward: it cannot move before the forward, where RULES.md's ZG104 would put
it (`zg104.placed_after_a_backward`: a backward wrote what the clear empties after a forward of the clear's next
backward). The twin whose generator's loss leaves the discriminator out,
`zg104_discriminator_clear_after_a_generator_turn_apart.py`, is a true ZG104.
"""
# needs: --extend-select ZG104
# expect: clean
import torch
from torch import nn


def train(loader):
    G = nn.Linear(4, 8)
    D = nn.Linear(8, 1)
    opt_g = torch.optim.Adam(G.parameters())
    opt_d = torch.optim.Adam(D.parameters())
    for real in loader:
        opt_g.zero_grad()
        fake = G(torch.randn(real.size(0), 4))
        g_loss = -D(fake).mean()
        d_loss = D(fake.detach()).mean() - D(real).mean()
        g_loss.backward()
        opt_g.step()
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
