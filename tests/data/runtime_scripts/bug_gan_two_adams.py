"""A GAN with two Adams: the generator's is cleared, the discriminator's never."""
import torch
from torch import nn

torch.manual_seed(0)
netG = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 6))
netD = nn.Sequential(nn.Linear(6, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1))
opt_g = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))
opt_d = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
bce = nn.BCEWithLogitsLoss()

for it in range(4):
    real = torch.randn(16, 6)
    fake = netG(torch.randn(16, 4))
    d_loss = bce(netD(real), torch.ones(16, 1)) + bce(netD(fake.detach()), torch.zeros(16, 1))
    d_loss.backward()
    opt_d.step()  # <- ZG101

    opt_g.zero_grad()
    g_loss = bce(netD(fake), torch.ones(16, 1))
    g_loss.backward()
    opt_g.step()
