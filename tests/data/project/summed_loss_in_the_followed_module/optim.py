# expect: clean
"""The project's optimizer wrapper: a warm-up of the learning rate by update count around Adam."""

import torch


class WarmupOptimizer:
    def __init__(self, lr_base, optimizer, steps_per_epoch):
        self.optimizer = optimizer
        self.lr_base = lr_base
        self.steps_per_epoch = steps_per_epoch
        self._step = 0

    def step(self):
        self._step += 1
        rate = self.lr_base * min(1.0, self._step / self.steps_per_epoch)
        for group in self.optimizer.param_groups:
            group["lr"] = rate
        self.optimizer.step()

    def zero_grad(self):
        self.optimizer.zero_grad()


def get_optim(config, net, steps_per_epoch):
    params = [p for p in net.parameters() if p.requires_grad]
    return WarmupOptimizer(config.lr_base, torch.optim.Adam(params, lr=0), steps_per_epoch)
