"""Runnable DCGAN-style: netD.zero_grad() between the discriminator's backward and its step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG102 21:5
import torch
from torch import nn

torch.manual_seed(0)
netG = nn.Linear(2, 4)
netD = nn.Sequential(nn.Linear(4, 1), nn.Sigmoid())
crit = nn.BCELoss()
optD = torch.optim.Adam(netD.parameters(), lr=2e-4)
optG = torch.optim.Adam(netG.parameters(), lr=2e-4)
for _ in range(4):
    netG.zero_grad()
    real = torch.randn(6, 4)
    fake = netG(torch.randn(6, 2))
    errD = crit(netD(real), torch.ones(6, 1)) + crit(netD(fake.detach()), torch.zeros(6, 1))
    errD.backward()
    netD.zero_grad()
    optD.step()
    crit(netD(fake), torch.ones(6, 1)).backward()
    optG.step()
