# expect: clean
"""A FactorVAE step (disentangling-vae's `FactorKLoss.call_optimize`, handed the VAE and its optimizer): the VAE's loss
reaches the discriminator's parameters through its scores of the first half's latents; the discriminator's clear
after that backward, and after the forward of the second half's latents, drops what leaked and must stay there (at the
top of the iteration the VAE's gradients would reach the discriminator's step). Both optimizers step after the
discriminator's own backward, so the VAE's backward is associated with both: its loss visibly running through the
discriminator, the one model built in view, is what says it filled the discriminator's gradients."""

import torch
import torch.nn.functional as F


class FactorLoss:
    def __init__(self, latent_dim):
        self.discriminator = torch.nn.Linear(latent_dim, 2)
        self.optimizer_d = torch.optim.Adam(self.discriminator.parameters(), lr=1e-4)

    def call_optimize(self, data, model, optimizer):
        first, second = data.split(data.size(0) // 2)
        optimizer.zero_grad()
        recon, latent = model(first)
        d_z = self.discriminator(latent)
        vae_loss = F.mse_loss(recon, first) + (d_z[:, 0] - d_z[:, 1]).mean()
        vae_loss.backward(retain_graph=True)

        _, latent_second = model(second)
        d_z_perm = self.discriminator(latent_second.detach())
        ones = torch.ones(len(d_z), dtype=torch.long)
        d_tc_loss = 0.5 * (F.cross_entropy(d_z, 1 - ones) + F.cross_entropy(d_z_perm, ones))
        self.optimizer_d.zero_grad()
        d_tc_loss.backward()

        optimizer.step()
        self.optimizer_d.step()
        return vae_loss.item()


def train(model, optimizer, loader, epochs):
    loss_f = FactorLoss(latent_dim=10)
    for _ in range(epochs):
        for data in loader:
            loss_f.call_optimize(data, model, optimizer)
