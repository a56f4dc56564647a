"""WGAN-GP: a gradient penalty through autograd.grad(create_graph=True); clipping between backward and step."""
import torch
from torch import nn

torch.manual_seed(0)
G = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 4))
D = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.0, 0.9))
opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.0, 0.9))
for it in range(4):
    real, z = torch.randn(6, 4), torch.randn(6, 2)
    fake = G(z).detach()
    alpha = torch.rand(6, 1)
    mixed = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    (grad,) = torch.autograd.grad(D(mixed).sum(), mixed, create_graph=True)
    penalty = ((grad.norm(2, dim=1) - 1) ** 2).mean()
    d_loss = D(fake).mean() - D(real).mean() + 10 * penalty
    opt_d.zero_grad()
    d_loss.backward()
    nn.utils.clip_grad_norm_(D.parameters(), 5.0)
    opt_d.step()
    if it % 2 == 0:
        opt_g.zero_grad()
        g_loss = -D(G(z)).mean()
        g_loss.backward()
        nn.utils.clip_grad_norm_(G.parameters(), 5.0)
        opt_g.step()
