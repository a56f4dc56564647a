# expect: clean
"""The optimizer the settings name."""

import torch


def make_optimizer(settings, model):
    if settings.optimizer == "adam":
        return torch.optim.Adam(model.parameters(), lr=settings.lr)
    return torch.optim.SGD(model.parameters(), lr=settings.lr, momentum=0.9)
