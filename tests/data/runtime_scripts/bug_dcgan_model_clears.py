"""DCGAN style, clearing through the models: only the generator's model is cleared."""
import torch
from torch import nn


def main():
    torch.manual_seed(0)
    netG = nn.Sequential(nn.Linear(4, 8), nn.Tanh())
    netD = nn.Sequential(nn.Linear(8, 1), nn.Sigmoid())
    optimizerD = torch.optim.Adam(netD.parameters(), lr=2e-4)
    optimizerG = torch.optim.Adam(netG.parameters(), lr=2e-4)
    criterion = nn.BCELoss()
    for i in range(3):
        real = torch.randn(5, 8)
        output = netD(real)
        errD_real = criterion(output, torch.ones(5, 1))
        errD_real.backward()
        fake = netG(torch.randn(5, 4))
        errD_fake = criterion(netD(fake.detach()), torch.zeros(5, 1))
        errD_fake.backward()
        optimizerD.step()  # <- ZG101
        netG.zero_grad()
        errG = criterion(netD(fake), torch.ones(5, 1))
        errG.backward()
        optimizerG.step()


if __name__ == "__main__":
    main()
