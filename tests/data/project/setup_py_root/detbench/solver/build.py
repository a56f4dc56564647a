# expect: clean
"""The optimizer and its schedule, built from the config."""

import torch

from .lr_scheduler import WarmupMultiStep


def make_optimizer(cfg, model):
    params = [p for p in model.parameters() if p.requires_grad]
    return torch.optim.SGD(params, lr=cfg.lr, momentum=cfg.momentum)


def make_lr_scheduler(cfg, optimizer):
    return WarmupMultiStep(optimizer, cfg.steps, cfg.gamma, warmup_iters=cfg.warmup_iters)
