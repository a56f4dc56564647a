"""GAN: the generator's optimizer is cleared, the discriminator's never is.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 24:9
import torch
from torch import nn

gen = nn.Sequential(nn.Linear(16, 32), nn.Tanh())
disc = nn.Sequential(nn.Linear(32, 1))
bce = nn.BCEWithLogitsLoss()
opt_g = torch.optim.Adam(gen.parameters(), lr=2e-4)
opt_d = torch.optim.Adam(disc.parameters(), lr=2e-4)


def train(loader):
    for real in loader:
        opt_g.zero_grad()
        ones = torch.ones(real.size(0), 1)
        zeros = torch.zeros(real.size(0), 1)
        fake = gen(torch.randn(real.size(0), 16))
        d_loss = bce(disc(real), ones) + bce(disc(fake.detach()), zeros)
        d_loss.backward()
        opt_d.step()
        g_loss = bce(disc(fake), ones)
        g_loss.backward()
        opt_g.step()
