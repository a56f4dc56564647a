"""WGAN: the critic every iteration, the generator (cleared, backward, step) every n_critic.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

G = nn.Linear(8, 16)
D = nn.Linear(16, 1)
opt_g = torch.optim.RMSprop(G.parameters(), lr=5e-5)
opt_d = torch.optim.RMSprop(D.parameters(), lr=5e-5)


def train(loader, n_critic=5):
    for i, real in enumerate(loader):
        z = torch.randn(real.size(0), 8)
        opt_d.zero_grad()
        d_loss = -D(real).mean() + D(G(z).detach()).mean()
        d_loss.backward()
        opt_d.step()
        if i % n_critic == 0:
            opt_g.zero_grad()
            g_loss = -D(G(z)).mean()
            g_loss.backward()
            opt_g.step()
