# expect: clean
"""The project's schedules: a warm-up that derives from PyTorch's own `_LRScheduler`, and a plain class that sets
the learning rate itself from the epoch it is told (nothing of PyTorch's to skip)."""

import math

from torch.optim import lr_scheduler


class LinearWarmupSteps(lr_scheduler._LRScheduler):
    def __init__(self, optimizer, milestones, warmup_iters=100, gamma=0.1, last_epoch=-1):
        self.milestones = list(milestones)
        self.warmup_iters = warmup_iters
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        ramp = min(1.0, (self.last_epoch + 1) / self.warmup_iters)
        decay = self.gamma ** len([m for m in self.milestones if m <= self.last_epoch])
        return [base * ramp * decay for base in self.base_lrs]


class CosineByEpoch:
    def __init__(self, optimizer, total):
        self.optimizer = optimizer
        self.total = total
        self.epoch = 0

    def step(self):
        self.epoch += 1
        for group in self.optimizer.param_groups:
            group["lr"] = group["initial_lr"] * 0.5 * (1 + math.cos(math.pi * self.epoch / self.total))
