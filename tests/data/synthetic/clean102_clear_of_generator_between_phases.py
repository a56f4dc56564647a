"""A generator clear after the discriminator's backward: a later backward feeds the generator's step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

G = nn.Linear(8, 16)
D = nn.Linear(16, 1)
opt_g = torch.optim.Adam(G.parameters())
opt_d = torch.optim.Adam(D.parameters())


def train(loader):
    for real in loader:
        opt_d.zero_grad()
        fake = G(torch.randn(real.size(0), 8))
        d_loss = D(fake).mean() - D(real).mean()
        d_loss.backward()
        opt_d.step()
        opt_g.zero_grad()
        g_loss = -D(G(torch.randn(real.size(0), 8))).mean()
        g_loss.backward()
        opt_g.step()
