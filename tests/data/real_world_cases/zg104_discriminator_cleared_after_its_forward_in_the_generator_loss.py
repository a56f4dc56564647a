# expect: ZG104 30:13
# expect: ZG104 31:13
"""A DCGAN script: the generator's loss runs the discriminator (`D(fake)`, not detached), and the discriminator's
clear comes between that forward and the generator's backward. The backward fills D's gradients as well as G's, so
the clear of D runs after a forward that D's gradients come from (Pattern A: correct, but fragile). Only G's
optimizer steps after that backward: which optimizers a backward is for does not decide which models a forward runs."""

import torch
import torch.nn as nn


def train(G: nn.Module, D: nn.Module, loader, z_dim: int, epochs: int):
    bce = nn.BCEWithLogitsLoss()
    d_optimizer = torch.optim.Adam(D.parameters(), lr=2e-4)
    g_optimizer = torch.optim.Adam(G.parameters(), lr=2e-4)
    for _ in range(epochs):
        for real in loader:
            z = torch.randn(real.size(0), z_dim)
            fake = G(z)

            D.zero_grad()
            real_logit = D(real)
            fake_logit = D(fake.detach())
            d_loss = bce(real_logit, torch.ones_like(real_logit)) + bce(fake_logit, torch.zeros_like(fake_logit))
            d_loss.backward()
            d_optimizer.step()

            fake_logit = D(fake)
            g_loss = bce(fake_logit, torch.ones_like(fake_logit))
            D.zero_grad()
            G.zero_grad()
            g_loss.backward()
            g_optimizer.step()
