# expect: clean
"""A GAN keeping both losses in one dict per batch: the generator's clear follows the discriminator's forward, stored
in `losses["d"]`, but the generator's backward reads `losses["g"]`, put after that clear: another entry, whose forward
runs after the clear (RULES.md ZG104: nothing to report; an entry is read back from where it was put, not from the
dict's other entries)."""

import torch
from torch import nn

generator = nn.Linear(4, 8)
discriminator = nn.Linear(8, 1)
opt_g = torch.optim.Adam(generator.parameters(), lr=2e-4)
opt_d = torch.optim.Adam(discriminator.parameters(), lr=2e-4)

for real in [torch.randn(16, 8)] * 3:
    losses = {}
    z = torch.randn(16, 4)
    opt_d.zero_grad()
    losses["d"] = discriminator(generator(z).detach()).mean() - discriminator(real).mean()
    losses["d"].backward()
    opt_d.step()
    opt_g.zero_grad()
    losses["g"] = -discriminator(generator(z)).mean()
    losses["g"].backward()
    opt_g.step()
