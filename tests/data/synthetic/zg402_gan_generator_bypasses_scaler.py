"""GAN with one scaler: the discriminator goes through scaler.step, the generator's step is direct.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG402 27:9
import torch
from torch import nn

G = nn.Linear(8, 8)
D = nn.Linear(8, 1)
opt_g = torch.optim.Adam(G.parameters())
opt_d = torch.optim.Adam(D.parameters())
scaler = torch.amp.GradScaler("cuda")


def train(loader):
    for real in loader:
        opt_d.zero_grad()
        with torch.autocast("cuda"):
            d_loss = D(G(torch.randn_like(real)).detach()).mean() - D(real).mean()
        scaler.scale(d_loss).backward()
        scaler.step(opt_d)
        opt_g.zero_grad()
        with torch.autocast("cuda"):
            g_loss = -D(G(torch.randn_like(real))).mean()
        scaler.scale(g_loss).backward()
        opt_g.step()
        scaler.update()
