"""Runnable, correct WGAN: the critic every iteration, the generator (cleared, backward, step) every 2.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
G = nn.Linear(4, 8)
D = nn.Linear(8, 1)
opt_g = torch.optim.RMSprop(G.parameters(), lr=5e-5)
opt_d = torch.optim.RMSprop(D.parameters(), lr=5e-5)
for i in range(6):
    real = torch.randn(6, 8)
    opt_d.zero_grad()
    d_loss = -D(real).mean() + D(G(torch.randn(6, 4)).detach()).mean()
    d_loss.backward()
    opt_d.step()
    if i % 2 == 0:
        opt_g.zero_grad()
        g_loss = -D(G(torch.randn(6, 4))).mean()
        g_loss.backward()
        opt_g.step()
