# expect: clean
"""A warm-up derived from PyTorch's scheduler base class."""

from torch.optim.lr_scheduler import LRScheduler


class WarmupLR(LRScheduler):
    def __init__(self, optimizer, warmup_steps, last_epoch=-1):
        self.warmup_steps = warmup_steps
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        scale = min(1.0, (self.last_epoch + 1) / self.warmup_steps)
        return [base_lr * scale for base_lr in self.base_lrs]
