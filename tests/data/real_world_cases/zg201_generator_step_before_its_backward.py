"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, precision-roles f58db55, new-rules 4a6f147, runtime 763d6f4: expected ZG201 26:9, got clean (on main); passes on: no branch scored.

GAN: the generator's step comes before its backward; only ZG201 (the next clear is not ZG102).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG201 26:9
import torch
from torch import nn

G = nn.Linear(8, 16)
D = nn.Linear(16, 1)
opt_g = torch.optim.Adam(G.parameters())
opt_d = torch.optim.Adam(D.parameters())


def train(loader):
    for real in loader:
        opt_g.zero_grad()
        opt_d.zero_grad()
        fake = G(torch.randn(real.size(0), 8))
        d_loss = D(fake.detach()).mean() - D(real).mean()
        d_loss.backward()
        opt_d.step()
        g_loss = -D(fake).mean()
        opt_g.step()
        g_loss.backward()
