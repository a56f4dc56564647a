# expect: clean
"""The project's warm-up schedule: a subclass of torch's LRScheduler, built on the optimizer."""

import torch


class WarmupSteps(torch.optim.lr_scheduler.LRScheduler):
    def __init__(self, optimizer, milestones, warmup_epochs=5, last_epoch=-1):
        self.milestones = milestones
        self.warmup_epochs = warmup_epochs
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        factor = min(1.0, (self.last_epoch + 1) / self.warmup_epochs)
        decay = 0.1 ** sum(self.last_epoch >= m for m in self.milestones)
        return [base * factor * decay for base in self.base_lrs]


def build_optimizer(model, lr):
    return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
