# expect: ZG104 23:5
"""The same GAN step with a generator loss that does not go through the discriminator's scores: nothing reaches the
discriminator's gradients before its clear, which could sit at the top of the iteration."""

import torch

generator = torch.nn.Linear(8, 16)
discriminator = torch.nn.Linear(16, 1)
optimizer_G = torch.optim.Adam(generator.parameters(), lr=1e-4)
optimizer_D = torch.optim.Adam(discriminator.parameters(), lr=1e-4)
loader = [torch.randn(4, 16) for _ in range(10)]

for real in loader:
    optimizer_G.zero_grad()
    fake = generator(torch.randn(4, 8))
    d_fake = discriminator(fake.detach())
    d_real = discriminator(real)

    g_loss = (fake - real).pow(2).mean()
    g_loss.backward()
    optimizer_G.step()

    optimizer_D.zero_grad()
    d_loss = d_fake.mean() - d_real.mean()
    d_loss.backward()
    optimizer_D.step()
