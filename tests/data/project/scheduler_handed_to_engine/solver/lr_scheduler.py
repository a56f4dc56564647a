# expect: clean
"""The project's schedule: a subclass of PyTorch's own LR scheduler, with a linear warm-up."""

import torch


class WarmupSteps(torch.optim.lr_scheduler._LRScheduler):
    def __init__(self, optimizer, milestones, gamma=0.1, warmup_iters=500, last_epoch=-1):
        self.milestones = sorted(milestones)
        self.gamma = gamma
        self.warmup_iters = warmup_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        warmup = min(1.0, (self.last_epoch + 1) / self.warmup_iters)
        decay = self.gamma ** sum(1 for milestone in self.milestones if milestone <= self.last_epoch)
        return [base_lr * warmup * decay for base_lr in self.base_lrs]
