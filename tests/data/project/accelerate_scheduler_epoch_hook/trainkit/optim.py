# expect: clean
"""The project's optimizer and schedule factories: AdamW over the parameters that train, and a warmup-cosine schedule
from transformers (a torch `LambdaLR`)."""

import torch
from transformers import get_cosine_schedule_with_warmup


def build_optimizer(model, cfg):
    params = [p for p in model.parameters() if p.requires_grad]
    return torch.optim.AdamW(params, lr=cfg.lr, weight_decay=cfg.weight_decay)


def build_scheduler(optimizer, cfg, steps_per_epoch):
    return get_cosine_schedule_with_warmup(optimizer, cfg.warmup_steps, cfg.epochs * steps_per_epoch)
