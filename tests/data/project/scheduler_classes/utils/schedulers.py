# expect: clean
"""The project's schedules: one that only shares its name with pytorch-transformers' LambdaLR subclass, and
one that derives from PyTorch's scheduler."""

import math

from torch.optim.lr_scheduler import LambdaLR


class WarmupCosineSchedule(object):
    """Sets the learning rate itself, from the epoch it is given: nothing is skipped."""

    def __init__(self, optimizer, warmup, total):
        self.optimizer = optimizer
        self.warmup = warmup
        self.total = total
        self.epoch = 0

    def step(self):
        self.epoch += 1
        scale = min(1.0, self.epoch / self.warmup) * 0.5 * (1 + math.cos(math.pi * self.epoch / self.total))
        for group in self.optimizer.param_groups:
            group["lr"] = group["initial_lr"] * scale


class LinearWarmup(LambdaLR):
    def __init__(self, optimizer, warmup):
        super().__init__(optimizer, lambda step: min(1.0, (step + 1) / warmup))
