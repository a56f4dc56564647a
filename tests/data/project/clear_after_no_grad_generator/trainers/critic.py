# expect: clean
"""A critic's update whose fake samples come from the generator under `torch.no_grad()`: they carry no graph,
so the forward of the loss the clear precedes is the critic's, which runs after the clear. Nothing to report,
even with the opt-in ZG104 on."""

import torch


class CriticTrainer:
    def __init__(self, settings):
        self.generator = torch.nn.Sequential(torch.nn.Linear(settings.width, settings.width), torch.nn.Tanh())
        self.critic = torch.nn.Linear(settings.width, 1)
        self.optimizer = torch.optim.RMSprop(self.critic.parameters(), lr=settings.lr)

    def critic_step(self, real, noise):
        with torch.no_grad():
            fake = self.generator(noise)
        self.optimizer.zero_grad()
        loss = self.critic(fake).mean() - self.critic(real).mean()
        loss.backward()
        self.optimizer.step()
        return loss.item()
