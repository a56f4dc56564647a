# expect: clean
"""The clean twin: each micro-batch's hinge loss is added as a number (`divergence.item()`)."""

import torch


class ItemTrainer:
    def __init__(self, D, G, accumulate_every=4, lr=2e-4):
        self.D = D
        self.G = G
        self.D_opt = torch.optim.Adam(D.parameters(), lr=lr)
        self.D_scaler = torch.cuda.amp.GradScaler()
        self.accumulate_every = accumulate_every

    def train(self, loader, latent_dim=16):
        total_disc_loss = 0.0
        self.D_opt.zero_grad()
        for _ in range(self.accumulate_every):
            real = next(loader)
            with torch.no_grad():
                fake = self.G(torch.randn(real.shape[0], latent_dim))
            divergence = (torch.relu(1 + self.D(real)) + torch.relu(1 - self.D(fake))).mean()
            disc_loss = divergence / self.accumulate_every
            self.D_scaler.scale(disc_loss).backward()
            total_disc_loss += divergence.item()
        self.D_scaler.step(self.D_opt)
        self.D_scaler.update()
        return total_disc_loss / self.accumulate_every
