"""A dict of optimizers cleared in a loop over its values, each element stepped by its key.

The loop clears every element: `optimizers["gen"]` and `optimizers["disc"]` start each iteration empty.
"""
# expect: clean
import torch
from torch import nn

generator = nn.Linear(4, 4)
critic = nn.Linear(4, 1)
optimizers = {"gen": torch.optim.Adam(generator.parameters()), "disc": torch.optim.Adam(critic.parameters())}


def train(batches):
    for real in batches:
        for optimizer in optimizers.values():
            optimizer.zero_grad()
        fake = generator(torch.randn_like(real))
        critic_loss = critic(fake.detach()).mean() - critic(real).mean()
        critic_loss.backward()
        optimizers["disc"].step()
        generator_loss = -critic(fake).mean()
        generator_loss.backward()
        optimizers["gen"].step()


train([torch.randn(8, 4) for _ in range(3)])
