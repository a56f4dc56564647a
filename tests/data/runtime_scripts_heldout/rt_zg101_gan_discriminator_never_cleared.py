"""Runnable GAN: the generator's optimizer is cleared every iteration, the discriminator's never.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 22:5
import torch
from torch import nn

torch.manual_seed(0)
G = nn.Linear(4, 8)
D = nn.Linear(8, 1)
opt_g = torch.optim.Adam(G.parameters(), lr=1e-3)
opt_d = torch.optim.Adam(D.parameters(), lr=1e-3)
bce = nn.BCEWithLogitsLoss()

for it in range(4):
    opt_g.zero_grad()
    real = torch.randn(6, 8)
    fake = G(torch.randn(6, 4))
    d_loss = bce(D(real), torch.ones(6, 1)) + bce(D(fake.detach()), torch.zeros(6, 1))
    d_loss.backward()
    opt_d.step()
    g_loss = bce(D(fake), torch.ones(6, 1))
    g_loss.backward()
    opt_g.step()
