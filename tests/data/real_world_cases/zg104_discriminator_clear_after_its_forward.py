"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, precision-roles f58db55, new-rules 4a6f147, runtime 763d6f4: expected ZG104 23:9, got clean (on main); passes on: no branch scored.

GAN: the discriminator loss is computed, then its optimizer cleared, then backward.

Held-out case (redteam), labelled from RULES.md.
"""
# needs: --extend-select ZG104
# expect: ZG104 23:9
import torch
from torch import nn

G = nn.Linear(4, 8)
D = nn.Linear(8, 1)
opt_g = torch.optim.Adam(G.parameters())
opt_d = torch.optim.Adam(D.parameters())


def train(loader):
    for real in loader:
        opt_g.zero_grad()
        fake = G(torch.randn(real.size(0), 4))
        d_loss = D(fake.detach()).mean() - D(real).mean()
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        g_loss = -D(fake).mean()
        g_loss.backward()
        opt_g.step()
