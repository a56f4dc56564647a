# expect: clean
"""What the scripts build their optimizer and schedule with: the settings name the kind."""

import torch

from .warmup import CosineByEpoch, LinearWarmupSteps


def build_optimizer(cfg, model):
    return torch.optim.SGD(model.parameters(), lr=cfg.base_lr, momentum=0.9)


def build_lr_scheduler(cfg, optimizer):
    """Always PyTorch's kind: the warm-up, or a plain step schedule."""
    if cfg.warmup_iters:
        return LinearWarmupSteps(optimizer, cfg.steps, warmup_iters=cfg.warmup_iters)
    return torch.optim.lr_scheduler.MultiStepLR(optimizer, cfg.steps)


def build_epoch_lr_scheduler(cfg, optimizer):
    """The project's own schedule: not PyTorch's."""
    return CosineByEpoch(optimizer, cfg.epochs)


def build_any_lr_scheduler(cfg, optimizer):
    """Either kind, as the settings say: not known to be PyTorch's."""
    if cfg.cosine:
        return CosineByEpoch(optimizer, cfg.epochs)
    return torch.optim.lr_scheduler.StepLR(optimizer, 30)


def warmup_for(cfg, optimizer):
    """The warm-up alone (its words say nothing of PyTorch: what it returns does)."""
    return LinearWarmupSteps(optimizer, cfg.steps, warmup_iters=cfg.warmup_iters)


def pick_schedule(cfg, optimizer):
    if cfg.by_epoch:
        return CosineByEpoch(optimizer, cfg.epochs)
    return LinearWarmupSteps(optimizer, cfg.steps)
