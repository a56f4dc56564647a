"""The loop over the optimizers' dict that clears them runs once, before the training loop.

Every element is cleared once; from the second iteration on each step applies summed gradients.
"""
# expect: ZG101 22:9
# expect: ZG101 25:9
import torch
from torch import nn

generator = nn.Linear(4, 4)
critic = nn.Linear(4, 1)
optimizers = {"gen": torch.optim.Adam(generator.parameters()), "disc": torch.optim.Adam(critic.parameters())}


def train(batches):
    for optimizer in optimizers.values():
        optimizer.zero_grad()
    for real in batches:
        fake = generator(torch.randn_like(real))
        critic_loss = critic(fake.detach()).mean() - critic(real).mean()
        critic_loss.backward()
        optimizers["disc"].step()
        generator_loss = -critic(fake).mean()
        generator_loss.backward()
        optimizers["gen"].step()


train([torch.randn(8, 4) for _ in range(3)])
