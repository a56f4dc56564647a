"""The twin of `clean104_discriminator_clear_after_generator_backward.py` whose generator's loss leaves the
discriminator out (a reconstruction loss): no backward writes into the discriminator's gradients before its clear,
which follows the forward of its loss and could come before it (RULES.md's ZG104, opt-in).
"""
# needs: --extend-select ZG104
# expect: ZG104 23:9
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
        g_loss = (fake - real).pow(2).mean()
        d_loss = D(fake.detach()).mean() - D(real).mean()
        g_loss.backward()
        opt_g.step()
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
