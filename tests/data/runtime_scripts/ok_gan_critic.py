"""WGAN: the critic every iteration, the generator every n_critic iterations; clears unconditional."""
import torch
from torch import nn

torch.manual_seed(0)
G = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 6))
C = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 1))
opt_g = torch.optim.RMSprop(G.parameters(), lr=5e-5)
opt_c = torch.optim.RMSprop(C.parameters(), lr=5e-5)
n_critic = 3
for i in range(7):
    opt_c.zero_grad()
    fake = G(torch.randn(8, 4))
    c_loss = C(fake.detach()).mean() - C(torch.randn(8, 6)).mean()
    c_loss.backward()
    opt_c.step()
    for p in C.parameters():
        p.data.clamp_(-0.01, 0.01)
    opt_g.zero_grad()
    if i % n_critic == 0:
        g_loss = -C(G(torch.randn(8, 4))).mean()
        g_loss.backward()
        opt_g.step()
