"""The discriminator's clear after the generator's backward, which wrote into the discriminator's gradients.

A GAN whose generator takes its turn first, both optimizers cleared at the top of the iteration: the generator's loss
runs through the discriminator, so its backward fills the discriminator's `.grad` again. The discriminator's second
clear, after its own forward and before its backward, drops those gradients: it must sit after the generator's
backward and cannot move to the top of the iteration, where RULES.md's ZG104 would put it. Not Pattern A:
`zg104.pending_forward_cleared` is silent for a clear that empties gradients a backward of this iteration filled
(`Held.filled_this_iteration`). The twin whose generator's
loss leaves the discriminator out, `zg104_discriminator_clear_after_a_generator_turn_apart.py`, is a true ZG104.
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
        opt_d.zero_grad()
        fake = G(torch.randn(real.size(0), 4))
        g_loss = -D(fake).mean()
        g_loss.backward()
        opt_g.step()
        d_loss = D(fake.detach()).mean() - D(real).mean()
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
