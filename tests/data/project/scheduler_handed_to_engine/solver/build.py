# expect: clean
"""The optimizer and its schedule, built from the settings."""

import torch

from .lr_scheduler import WarmupSteps


def make_optimizer(settings, model):
    return torch.optim.SGD(model.parameters(), lr=settings.lr, momentum=0.9)


def make_lr_scheduler(settings, optimizer):
    return WarmupSteps(optimizer, settings.milestones, warmup_iters=settings.warmup_iters)
