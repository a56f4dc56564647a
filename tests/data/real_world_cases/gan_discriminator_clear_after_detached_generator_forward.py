"""Generator forward first, then the discriminator's clear, forward on the detached fakes, backward.

Seen in eriklindernoren/PyTorch-GAN implementations/stargan/stargan.py:
`fake_imgs = generator(imgs, sampled_c)` at the top of the iteration, then
`optimizer_D.zero_grad()`, `discriminator(imgs)`,
`discriminator(fake_imgs.detach())`, `loss_D.backward()`, `optimizer_D.step()`
(the generator's turn follows). The forward that builds `loss_D`'s graph is
the discriminator's, after the clear; the generator's output only enters
through `.detach()`. ZG104 (clear between the loss's forward and its
backward) does not apply. Reported since e8e1001 ("name the nearest
forward"), which names `fake_imgs = generator(...)` as the forward.
"""
# expect: clean
import torch

generator = torch.nn.Linear(4, 4)
discriminator = torch.nn.Linear(4, 1)
optimizer_G = torch.optim.Adam(generator.parameters(), lr=2e-4)
optimizer_D = torch.optim.Adam(discriminator.parameters(), lr=2e-4)

for epoch in range(2):
    for imgs in [torch.randn(8, 4)] * 3:
        fake_imgs = generator(imgs)

        optimizer_D.zero_grad()
        real_validity = discriminator(imgs)
        fake_validity = discriminator(fake_imgs.detach())
        loss_D = -torch.mean(real_validity) + torch.mean(fake_validity)
        loss_D.backward()
        optimizer_D.step()

        optimizer_G.zero_grad()
        loss_G = -torch.mean(discriminator(generator(imgs)))
        loss_G.backward()
        optimizer_G.step()
