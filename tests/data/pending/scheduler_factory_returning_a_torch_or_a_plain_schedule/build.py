"""The project's factory: the schedule the configuration names, a torch scheduler by default."""
# expect: clean
from lr_scheduler import WarmupMultiStepLR, WarmupReduceLROnPlateau


def make_lr_scheduler(cfg, optimizer):
    if cfg.SCHEDULE_TYPE == "WarmupMultiStepLR":
        return WarmupMultiStepLR(optimizer, cfg.STEPS, warmup_iters=cfg.WARMUP_ITERS)
    elif cfg.SCHEDULE_TYPE == "WarmupReduceLROnPlateau":
        return WarmupReduceLROnPlateau(optimizer, factor=cfg.FACTOR)
    else:
        raise ValueError("Invalid Schedule Type")
