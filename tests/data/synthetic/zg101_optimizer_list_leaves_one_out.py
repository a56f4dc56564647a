"""The list the loop clears holds only the generator's optimizer: the critic's is never cleared."""
# expect: ZG101 18:5
import torch
from torch import nn

generator = nn.Linear(6, 6)
critic = nn.Linear(6, 1)
opt_g = torch.optim.Adam(generator.parameters(), lr=1e-4)
opt_d = torch.optim.Adam(critic.parameters(), lr=4e-4)
optimizers = [opt_g]

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
