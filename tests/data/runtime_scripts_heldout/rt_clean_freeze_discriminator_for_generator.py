"""Runnable, correct GAN: the discriminator frozen with requires_grad_(False) during the generator's update.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
G = nn.Linear(4, 8)
D = nn.Linear(8, 1)
opt_g = torch.optim.Adam(G.parameters(), lr=1e-3)
opt_d = torch.optim.Adam(D.parameters(), lr=1e-3)
for _ in range(4):
    real = torch.randn(6, 8)
    fake = G(torch.randn(6, 4))
    D.requires_grad_(True)
    opt_d.zero_grad()
    (D(fake.detach()).mean() - D(real).mean()).backward()
    opt_d.step()
    D.requires_grad_(False)
    opt_g.zero_grad()
    (-D(fake).mean()).backward()
    opt_g.step()
