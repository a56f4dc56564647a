# expect: clean
"""The schedules the configs name: PyTorch's one-cycle policy, and the project's own cosine warm-up, which sets the
rate from the step count it keeps and skips nothing."""

import math

import torch


class WarmupCosine(object):
    def __init__(self, optimizer, warmup_steps, total_steps):
        self.optimizer = optimizer
        self.warmup_steps = warmup_steps
        self.total_steps = total_steps
        self.base_lrs = [group["lr"] for group in optimizer.param_groups]
        self.step_count = 0

    def step(self):
        self.step_count += 1
        if self.step_count < self.warmup_steps:
            scale = self.step_count / self.warmup_steps
        else:
            progress = (self.step_count - self.warmup_steps) / max(1, self.total_steps - self.warmup_steps)
            scale = 0.5 * (1.0 + math.cos(math.pi * progress))
        for group, base_lr in zip(self.optimizer.param_groups, self.base_lrs):
            group["lr"] = base_lr * scale


def one_cycle(optimizer, cfg, steps_per_epoch):
    return torch.optim.lr_scheduler.OneCycleLR(
        optimizer, max_lr=cfg.max_lr, epochs=cfg.epochs, steps_per_epoch=steps_per_epoch, pct_start=cfg.pct_start
    )


def warmup_cosine(optimizer, cfg, steps_per_epoch):
    return WarmupCosine(optimizer, cfg.warmup_steps, cfg.epochs * steps_per_epoch)
