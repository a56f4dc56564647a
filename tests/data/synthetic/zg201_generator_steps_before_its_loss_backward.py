"""A GAN iteration whose generator steps before its own loss is backpropagated.

The generator's loss runs through the discriminator, whose step comes next (in the next iteration), but it
is the generator's gradients it produces: `opt_g.step()` applies the previous iteration's (or none).
"""
# expect: ZG201 24:5
import torch
from torch import nn

generator = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
critic = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
opt_g = torch.optim.Adam(generator.parameters(), lr=2e-4, betas=(0.5, 0.999))
opt_d = torch.optim.Adam(critic.parameters(), lr=2e-4, betas=(0.5, 0.999))
bce = nn.BCEWithLogitsLoss()

for real in [torch.randn(16, 4) for _ in range(4)]:
    opt_d.zero_grad()
    opt_g.zero_grad()
    fake = generator(torch.randn(16, 8))
    d_loss = bce(critic(real), torch.ones(16, 1)) + bce(critic(fake.detach()), torch.zeros(16, 1))
    d_loss.backward()
    opt_d.step()
    g_loss = bce(critic(fake), torch.ones(16, 1))
    opt_g.step()
    g_loss.backward()
