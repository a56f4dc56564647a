"""GAN: the discriminator's clear sits between its backward and its step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG102 22:9
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
