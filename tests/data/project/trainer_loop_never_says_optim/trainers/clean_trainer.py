# expect: clean
"""The twin trainer: each step clears its own network's gradients before its backward."""

import torch


class CleanGANTrainer:
    def __init__(self, settings):
        self.generator = torch.nn.Sequential(torch.nn.Linear(settings.width, settings.width), torch.nn.Tanh())
        self.critic = torch.nn.Linear(settings.width, 1)
        self.optimizer_g = torch.optim.Adam(self.generator.parameters(), lr=settings.lr)
        self.optimizer_c = torch.optim.Adam(self.critic.parameters(), lr=settings.lr)

    def generator_step(self, batch):
        self.optimizer_g.zero_grad()
        g_loss = -self.critic(self.generator(batch)).mean()
        g_loss.backward()
        self.optimizer_g.step()

    def critic_step(self, batch):
        self.optimizer_c.zero_grad()
        with torch.no_grad():
            fake = self.generator(batch)
        c_loss = self.critic(fake).mean() - self.critic(batch).mean()
        c_loss.backward()
        self.optimizer_c.step()
