# expect: clean
"""The project's schedule: a subclass of PyTorch's own LR scheduler with a warm-up."""

from bisect import bisect_right

import torch


class WarmupMultiStep(torch.optim.lr_scheduler._LRScheduler):
    def __init__(self, optimizer, milestones, gamma=0.1, warmup_iters=500, last_epoch=-1):
        self.milestones = list(milestones)
        self.gamma = gamma
        self.warmup_iters = warmup_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        warmup = min(1.0, (self.last_epoch + 1) / self.warmup_iters)
        return [base * warmup * self.gamma ** bisect_right(self.milestones, self.last_epoch) for base in self.base_lrs]
