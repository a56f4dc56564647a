# expect: clean
"""A registry of schedules that plugins add to: its literal holds PyTorch's classes, but `register_schedule` may add
the project's own, which skip nothing when stepped first."""

import torch

SCHEDULES = {
    "step": torch.optim.lr_scheduler.StepLR,
    "exponential": torch.optim.lr_scheduler.ExponentialLR,
}


def register_schedule(name, cls):
    SCHEDULES[name] = cls
    return cls


def build_schedule(optimizer, config):
    return SCHEDULES[config["scheduler"]](optimizer, **config["scheduler_args"])
