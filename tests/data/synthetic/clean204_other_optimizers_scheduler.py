"""Two optimizers: the discriminator's scheduler is stepped after the discriminator's step, before the generator's.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

G = nn.Linear(4, 4)
D = nn.Linear(4, 1)
opt_g = torch.optim.Adam(G.parameters())
opt_d = torch.optim.Adam(D.parameters())
sched_d = torch.optim.lr_scheduler.StepLR(opt_d, step_size=100)


def train(loader):
    for real in loader:
        opt_d.zero_grad()
        d_loss = D(G(torch.randn_like(real)).detach()).mean() - D(real).mean()
        d_loss.backward()
        opt_d.step()
        sched_d.step()
        opt_g.zero_grad()
        g_loss = -D(G(torch.randn_like(real))).mean()
        g_loss.backward()
        opt_g.step()
