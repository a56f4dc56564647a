# expect: clean
"""A GAN step modelled on clustergan: the discriminator scores the generated and the real images before the
generator's turn, whose loss reaches the discriminator's parameters through those scores; the discriminator's clear
after that backward drops what it leaked and must stay there (at the top of the iteration the leaked gradients would
reach the discriminator's step)."""

import torch

generator = torch.nn.Linear(8, 16)
discriminator = torch.nn.Linear(16, 1)
optimizer_G = torch.optim.Adam(generator.parameters(), lr=1e-4)
optimizer_D = torch.optim.Adam(discriminator.parameters(), lr=1e-4)
loader = [torch.randn(4, 16) for _ in range(10)]

for real in loader:
    optimizer_G.zero_grad()
    fake = generator(torch.randn(4, 8))
    d_fake = discriminator(fake)
    d_real = discriminator(real)

    g_loss = -d_fake.mean()
    g_loss.backward(retain_graph=True)
    optimizer_G.step()

    optimizer_D.zero_grad()
    d_loss = d_fake.mean() - d_real.mean()
    d_loss.backward()
    optimizer_D.step()
