# expect: clean
"""A cosine decay after the warm-up: a grandchild of PyTorch's scheduler, through warmup.py's class."""

import math

from .warmup import WarmupLR


class WarmupCosine(WarmupLR):
    def __init__(self, optimizer, warmup_steps, total_steps, last_epoch=-1):
        self.total_steps = total_steps
        super().__init__(optimizer, warmup_steps, last_epoch)

    def get_lr(self):
        if self.last_epoch < self.warmup_steps:
            return super().get_lr()
        progress = (self.last_epoch - self.warmup_steps) / max(1, self.total_steps - self.warmup_steps)
        return [base_lr * 0.5 * (1.0 + math.cos(math.pi * progress)) for base_lr in self.base_lrs]
