# expect: clean
"""The project's scheduler factory: torch's `MultiStepLR` for the `multistep` policy, `CosineAnnealingLR` otherwise."""

from torch.optim import lr_scheduler


def build_scheduler(cfg, optimizer):
    if cfg.policy == "multistep":
        return lr_scheduler.MultiStepLR(optimizer, milestones=cfg.milestones, gamma=0.1)
    return lr_scheduler.CosineAnnealingLR(optimizer, T_max=cfg.epochs)
