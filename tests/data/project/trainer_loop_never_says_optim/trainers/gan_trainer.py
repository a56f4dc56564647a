# expect: ZG101 30:9
"""A GAN trainer whose critic step never clears the critic's gradients: called once per batch by train.py's
loop, each step applies the sum of every batch's gradients so far."""

import torch


class GANTrainer:
    def __init__(self, settings):
        self.generator = torch.nn.Sequential(torch.nn.Linear(settings.width, settings.width), torch.nn.Tanh())
        self.critic = torch.nn.Linear(settings.width, 1)
        self.optimizer_g, self.optimizer_c = self.build_optimizers(settings)

    def build_optimizers(self, settings):
        optimizer_g = torch.optim.Adam(self.generator.parameters(), lr=settings.lr, betas=(0.5, 0.999))
        optimizer_c = torch.optim.Adam(self.critic.parameters(), lr=settings.lr, betas=(0.5, 0.999))
        return optimizer_g, optimizer_c

    def generator_step(self, batch):
        self.optimizer_g.zero_grad()
        g_loss = -self.critic(self.generator(batch)).mean()
        g_loss.backward()
        self.optimizer_g.step()

    def critic_step(self, batch):
        with torch.no_grad():
            fake = self.generator(batch)
        c_loss = self.critic(fake).mean() - self.critic(batch).mean()
        c_loss.backward()
        self.optimizer_c.step()
