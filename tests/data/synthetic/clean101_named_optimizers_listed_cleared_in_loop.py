"""Two named optimizers gathered in a list that a loop clears; each is then stepped by its own name."""
# expect: clean
import torch
from torch import nn

generator = nn.Linear(6, 6)
critic = nn.Linear(6, 1)
opt_g = torch.optim.Adam(generator.parameters(), lr=1e-4)
opt_d = torch.optim.Adam(critic.parameters(), lr=4e-4)
optimizers = [opt_g, opt_d]

for real in [torch.randn(8, 6) for _ in range(3)]:
    for optimizer in optimizers:
        optimizer.zero_grad()
    fake = generator(torch.randn(8, 6))
    critic_loss = critic(fake.detach()).mean() - critic(real).mean()
    critic_loss.backward()
    opt_d.step()
    generator_loss = -critic(fake).mean()
    generator_loss.backward()
    opt_g.step()
