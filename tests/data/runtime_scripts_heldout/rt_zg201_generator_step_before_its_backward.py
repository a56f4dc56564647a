"""Runnable GAN: the generator's step before its backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG201 23:5
import torch
from torch import nn

torch.manual_seed(0)
G = nn.Linear(4, 8)
D = nn.Linear(8, 1)
opt_g = torch.optim.Adam(G.parameters(), lr=1e-3)
opt_d = torch.optim.Adam(D.parameters(), lr=1e-3)
for _ in range(4):
    opt_g.zero_grad()
    opt_d.zero_grad()
    real = torch.randn(6, 8)
    fake = G(torch.randn(6, 4))
    d_loss = D(fake.detach()).mean() - D(real).mean()
    d_loss.backward()
    opt_d.step()
    g_loss = -D(fake).mean()
    opt_g.step()
    g_loss.backward()
