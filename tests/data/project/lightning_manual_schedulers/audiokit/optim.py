# expect: clean
"""The project's optimizer and schedule factories, configured by name."""

import torch


def create_optimizer(params, config):
    return getattr(torch.optim, config["type"])(params, **config["config"])


def create_scheduler(optimizer, config):
    return torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=config["gamma"])
