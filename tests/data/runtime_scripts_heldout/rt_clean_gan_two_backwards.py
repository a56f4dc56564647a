"""Runnable, correct GAN: two discriminator backwards, one step; each optimizer cleared once.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
netG = nn.Linear(2, 4)
netD = nn.Sequential(nn.Linear(4, 1), nn.Sigmoid())
crit = nn.BCELoss()
optD = torch.optim.Adam(netD.parameters(), lr=2e-4)
optG = torch.optim.Adam(netG.parameters(), lr=2e-4)
for _ in range(4):
    netD.zero_grad()
    netG.zero_grad()
    real = torch.randn(6, 4)
    crit(netD(real), torch.ones(6, 1)).backward()
    fake = netG(torch.randn(6, 2))
    crit(netD(fake.detach()), torch.zeros(6, 1)).backward()
    optD.step()
    crit(netD(fake), torch.ones(6, 1)).backward()
    optG.step()
