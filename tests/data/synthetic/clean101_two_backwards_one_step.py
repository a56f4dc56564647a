"""Discriminator: backward on the real batch and on the fake batch, then one step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

netD = nn.Sequential(nn.Linear(4, 1), nn.Sigmoid())
netG = nn.Linear(2, 4)
crit = nn.BCELoss()
optD = torch.optim.Adam(netD.parameters(), lr=2e-4)
optG = torch.optim.Adam(netG.parameters(), lr=2e-4)


def train(loader):
    for real in loader:
        netD.zero_grad()
        netG.zero_grad()
        err_real = crit(netD(real), torch.ones(real.size(0), 1))
        err_real.backward()
        fake = netG(torch.randn(real.size(0), 2))
        err_fake = crit(netD(fake.detach()), torch.zeros(real.size(0), 1))
        err_fake.backward()
        optD.step()
        err_g = crit(netD(fake), torch.ones(real.size(0), 1))
        err_g.backward()
        optG.step()
