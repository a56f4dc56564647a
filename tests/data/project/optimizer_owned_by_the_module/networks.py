# expect: clean
"""A generator and a discriminator that each build their own optimizer over their own parameters
(Adversarial-Deep-Learning/code-soup code_soup/ch5/models/gan.py): `self.optimizer` of the module, over the whole
module or over its one part."""

import torch
from torch import nn, optim


class Generator(nn.Module):
    def __init__(self, latent: int, size: int, lr: float):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(latent, size), nn.Tanh())
        self.optimizer = optim.Adam(self.parameters(), lr=lr)

    def forward(self, z: torch.Tensor) -> torch.Tensor:
        return self.net(z)


class Discriminator(nn.Module):
    def __init__(self, size: int, lr: float):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(size, 1), nn.Sigmoid())
        self.optimizer = optim.Adam(self.net.parameters(), lr=lr)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x)
