# expect: clean
"""A torch scheduler subclass and a schedule of the project's own, exported by `__all__` (the helper stays private)."""

import math

import torch

__all__ = ["WarmupCosineLR", "PolyLR"]


def _cosine(step, total):
    return 0.5 * (1 + math.cos(math.pi * step / total))


class WarmupCosineLR(torch.optim.lr_scheduler.LRScheduler):
    def __init__(self, optimizer, warmup, total, last_epoch=-1):
        self.warmup = warmup
        self.total = total
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        step = self.last_epoch
        factor = step / self.warmup if step < self.warmup else _cosine(step - self.warmup, self.total - self.warmup)
        return [base * factor for base in self.base_lrs]


class PolyLR:
    """Sets the learning rate itself each epoch: nothing of torch's to skip."""

    def __init__(self, optimizer, total, power=0.9):
        self.optimizer = optimizer
        self.total = total
        self.power = power
        self.epoch = 0
        self.base = [group["lr"] for group in optimizer.param_groups]

    def step(self):
        self.epoch += 1
        for group, base in zip(self.optimizer.param_groups, self.base):
            group["lr"] = base * (1 - self.epoch / self.total) ** self.power
