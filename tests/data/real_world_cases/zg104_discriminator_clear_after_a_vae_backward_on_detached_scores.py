# expect: ZG104 27:9
"""The twin of `clean104_discriminator_clear_after_a_vae_backward_through_its_scores.py` whose VAE loss reads the
discriminator's scores detached: that backward writes nothing into the discriminator, so its clear, after the
forwards of both halves' scores, could sit before them (ZG104, opt-in)."""

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
        vae_loss = F.mse_loss(recon, first) + (d_z[:, 0] - d_z[:, 1]).detach().mean()
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
