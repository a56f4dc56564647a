# expect: clean
"""The optimizers a config may name, and the factory that builds one of them."""

import torch

OPTIMIZERS = {
    "adam": torch.optim.Adam,
    "adamw": torch.optim.AdamW,
    "adagrad": torch.optim.Adagrad,
    "rmsprop": torch.optim.RMSprop,
}


def build_optimizer(params, config):
    learner = config["learner"].lower()
    if learner not in OPTIMIZERS:
        raise ValueError(f"unknown optimizer {learner}")
    return OPTIMIZERS[learner](params, lr=config["learning_rate"], weight_decay=config["weight_decay"])


SCHEDULERS = {
    "step": torch.optim.lr_scheduler.StepLR,
    "exponential": torch.optim.lr_scheduler.ExponentialLR,
}


def build_scheduler(optimizer, config):
    name = config["scheduler"]
    return SCHEDULERS[name](optimizer, **config["scheduler_args"])
