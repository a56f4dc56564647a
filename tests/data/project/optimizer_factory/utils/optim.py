# expect: clean
"""Factories of the project: what they return is what the caller's names are."""

import torch


def make_updater(model, cfg):
    decay = [p for n, p in model.named_parameters() if not n.endswith("bias")]
    return torch.optim.AdamW([{"params": decay, "weight_decay": cfg.wd}], lr=cfg.lr)


def make_meter(cfg):
    return Meter(cfg.window)


class Meter:
    def __init__(self, window):
        self.window = window

    def step(self, value=None):
        return value
