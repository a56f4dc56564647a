"""A GAN whose `reset_grad` helper clears both optimizers before each phase."""
import torch
from torch import nn


class GAN:
    def __init__(self):
        self.G = nn.Linear(3, 5)
        self.D = nn.Sequential(nn.Linear(5, 1), nn.Sigmoid())
        self.g_optimizer = torch.optim.Adam(self.G.parameters(), lr=2e-4)
        self.d_optimizer = torch.optim.Adam(self.D.parameters(), lr=2e-4)

    def reset_grad(self):
        self.g_optimizer.zero_grad()
        self.d_optimizer.zero_grad()

    def train(self, steps=3):
        bce = nn.BCELoss()
        for _ in range(steps):
            real = torch.randn(6, 5)
            fake = self.G(torch.randn(6, 3))
            d_loss = bce(self.D(real), torch.ones(6, 1)) + bce(self.D(fake.detach()), torch.zeros(6, 1))
            self.reset_grad()
            d_loss.backward()
            self.d_optimizer.step()
            g_loss = bce(self.D(fake), torch.ones(6, 1))
            self.reset_grad()
            g_loss.backward()
            self.g_optimizer.step()


if __name__ == "__main__":
    torch.manual_seed(0)
    GAN().train()
