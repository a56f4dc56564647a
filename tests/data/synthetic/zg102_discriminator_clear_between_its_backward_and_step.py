"""GAN: the discriminator's clear sits between its backward and its step.

Held-out case (redteam), labelled from RULES.md.

The redteam's label is ZG102 alone (22:9 in its original, without this note). `opt_g.zero_grad()` (line 34) runs
after the generator's forward `fake = G(...)` (line 29), which carries the
generator's graph into `g_loss`, and before `g_loss.backward()`: RULES.md
ZG104 ("the clear runs after the forward pass and before backward"), the
reading the real-code triage took for the same shape in hifi-gan
(real_world_cases/gan_discriminator_clear_after_generator_and_mel.py). Kept
here as the engine reads RULES.md; the disagreement is the lead's to settle.
"""
# needs: --extend-select ZG104
# expect: ZG102 32:9
# expect: ZG104 34:9
import torch
from torch import nn

G = nn.Linear(8, 16)
D = nn.Linear(16, 1)
opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.999))
opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.999))
bce = nn.BCEWithLogitsLoss()


def train(loader):
    for real in loader:
        n = real.size(0)
        fake = G(torch.randn(n, 8))
        d_loss = bce(D(real), torch.ones(n, 1)) + bce(D(fake.detach()), torch.zeros(n, 1))
        d_loss.backward()
        opt_d.zero_grad()
        opt_d.step()
        opt_g.zero_grad()
        g_loss = bce(D(fake), torch.ones(n, 1))
        g_loss.backward()
        opt_g.step()
