# expect: ZG104 31:9
# expect: ZG104 40:9
"""A GAN vocoder's trainer in kan-bayashi/ParallelWaveGAN's shape: the networks, optimizers and schedulers are dicts
keyed by "generator" and "discriminator", built by `main()` and handed to the trainer. Each clear comes after the
forward of its network (`self.model["generator"](x)`, `self.model["discriminator"](y)`) and before the backward of
the loss built from it (ZG104, opt-in). A call of a dict's element is that network's forward: the networks' dict is
a display whose values are modules."""

import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, optimizer, scheduler):
        self.model = model
        self.optimizer = optimizer
        self.scheduler = scheduler
        self.steps = 0

    def run(self, loader):
        for x, y in loader:
            self._train_step(x, y)
            self.steps += 1

    def _train_step(self, x, y):
        y_ = self.model["generator"](x)
        gen_loss = F.l1_loss(y_, y)
        p_ = self.model["discriminator"](y_)
        gen_loss = gen_loss + F.mse_loss(p_, torch.ones_like(p_))

        self.optimizer["generator"].zero_grad()
        gen_loss.backward()
        self.optimizer["generator"].step()
        self.scheduler["generator"].step()

        p = self.model["discriminator"](y)
        p_ = self.model["discriminator"](y_.detach())
        dis_loss = F.mse_loss(p, torch.ones_like(p)) + F.mse_loss(p_, torch.zeros_like(p_))

        self.optimizer["discriminator"].zero_grad()
        dis_loss.backward()
        self.optimizer["discriminator"].step()
        self.scheduler["discriminator"].step()


def main(loader):
    model = {"generator": torch.nn.Linear(8, 8), "discriminator": torch.nn.Linear(8, 1)}
    optimizer = {
        "generator": torch.optim.Adam(model["generator"].parameters(), lr=1e-4),
        "discriminator": torch.optim.Adam(model["discriminator"].parameters(), lr=5e-5),
    }
    scheduler = {
        name: torch.optim.lr_scheduler.StepLR(optimizer[name], step_size=200000, gamma=0.5)
        for name in ("generator", "discriminator")
    }
    Trainer(model, optimizer, scheduler).run(loader)
