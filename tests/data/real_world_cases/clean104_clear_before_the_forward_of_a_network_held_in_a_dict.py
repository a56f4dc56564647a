# expect: clean
"""The twin of `zg104_forward_of_a_network_held_in_a_dict.py`: the same dicts of networks, optimizers and schedulers,
each clear before the forward of its network. The data transforms, a dict of callables too, run before the clears:
calling an element of a container whose name says data, not a model, runs no forward."""

import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, optimizer, scheduler, transforms):
        self.model = model
        self.optimizer = optimizer
        self.scheduler = scheduler
        self.transforms = transforms

    def run(self, loader):
        for x, y in loader:
            self._train_step(x, y)

    def _train_step(self, x, y):
        x = self.transforms["input"](x)
        self.optimizer["generator"].zero_grad()
        y_ = self.model["generator"](x)
        p_ = self.model["discriminator"](y_)
        gen_loss = F.l1_loss(y_, y) + F.mse_loss(p_, torch.ones_like(p_))
        gen_loss.backward()
        self.optimizer["generator"].step()
        self.scheduler["generator"].step()

        self.optimizer["discriminator"].zero_grad()
        p = self.model["discriminator"](y)
        p_ = self.model["discriminator"](y_.detach())
        dis_loss = F.mse_loss(p, torch.ones_like(p)) + F.mse_loss(p_, torch.zeros_like(p_))
        dis_loss.backward()
        self.optimizer["discriminator"].step()
        self.scheduler["discriminator"].step()


def main(loader):
    model = {"generator": torch.nn.Linear(8, 8), "discriminator": torch.nn.Linear(8, 1)}
    optimizer = {name: torch.optim.Adam(net.parameters(), lr=1e-4) for name, net in model.items()}
    scheduler = {name: torch.optim.lr_scheduler.StepLR(optimizer[name], step_size=1000) for name in model}
    Trainer(model, optimizer, scheduler, {"input": torch.nn.functional.normalize}).run(loader)
