# expect: clean
"""A FactorVAE step (disentangling-vae's `FactorKLoss.call_optimize`): the VAE's loss reaches the discriminator's
parameters through its scores of the first half's latents; the discriminator's clear after that backward, and after
the forward of the second half's permuted latents, drops what leaked and must stay there (at the top of the iteration
the VAE's gradients would reach the discriminator's step). Both optimizers step after the discriminator's own
backward, so the VAE's backward is associated with both: its loss visibly running through the discriminator is what
says it filled the discriminator's gradients."""

import torch
import torch.nn.functional as F


class VAE(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = torch.nn.Linear(16, 10)
        self.decoder = torch.nn.Linear(10, 16)

    def forward(self, x):
        latent = self.encoder(x)
        return self.decoder(latent), latent


vae = VAE()
discriminator = torch.nn.Linear(10, 2)
optimizer = torch.optim.Adam(vae.parameters(), lr=1e-4)
optimizer_d = torch.optim.Adam(discriminator.parameters(), lr=1e-4)
loader = [torch.randn(8, 16) for _ in range(10)]

for data in loader:
    first, second = data.split(4)
    optimizer.zero_grad()
    recon, latent = vae(first)
    d_z = discriminator(latent)
    vae_loss = F.mse_loss(recon, first) + (d_z[:, 0] - d_z[:, 1]).mean()
    vae_loss.backward(retain_graph=True)

    _, latent_second = vae(second)
    d_z_perm = discriminator(latent_second.detach())
    ones = torch.ones(4, dtype=torch.long)
    d_tc_loss = 0.5 * (F.cross_entropy(d_z, 1 - ones) + F.cross_entropy(d_z_perm, ones))
    optimizer_d.zero_grad()
    d_tc_loss.backward()

    optimizer.step()
    optimizer_d.step()
