"""GAN: the discriminator's clear is between its backward and its step; the generator is fine."""
import torch
from torch import nn

torch.manual_seed(0)
G = nn.Linear(3, 5)
D = nn.Sequential(nn.Linear(5, 4), nn.ReLU(), nn.Linear(4, 1))
optimizer_g = torch.optim.Adam(G.parameters(), lr=1e-3)
optimizer_d = torch.optim.Adam(D.parameters(), lr=1e-3)
for step in range(3):
    fake = G(torch.randn(8, 3))
    d_loss = D(fake.detach()).mean() - D(torch.randn(8, 5)).mean()
    d_loss.backward()
    optimizer_d.zero_grad()  # <- ZG102
    optimizer_d.step()
    optimizer_g.zero_grad()
    g_loss = -D(fake).mean()
    g_loss.backward()
    optimizer_g.step()
