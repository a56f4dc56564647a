# expect: ZG104 18:9
"""The same critic's update, its score of the real samples computed before the clear: that forward, with a graph,
feeds the loss whose backward follows the clear (the fake samples, made under `torch.no_grad()`, do not)."""

import torch


class LateCriticTrainer:
    def __init__(self, settings):
        self.generator = torch.nn.Sequential(torch.nn.Linear(settings.width, settings.width), torch.nn.Tanh())
        self.critic = torch.nn.Linear(settings.width, 1)
        self.optimizer = torch.optim.RMSprop(self.critic.parameters(), lr=settings.lr)

    def critic_step(self, real, noise):
        with torch.no_grad():
            fake = self.generator(noise)
        real_score = self.critic(real).mean()
        self.optimizer.zero_grad()
        loss = self.critic(fake).mean() - real_score
        loss.backward()
        self.optimizer.step()
        return loss.item()
