# expect: ZG501 19:13
"""Accumulation: each micro-batch's scaled backward, and every `accum_steps` micro-batches the helper's update
(guarded here, by the caller). The loss is not divided by `accum_steps`: the update is `accum_steps` times too
large."""

import torch

from utils.optim_step import optimizer_step


def train(cfg, model, loader, criterion):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    scaler = torch.cuda.amp.GradScaler(enabled=cfg.amp)
    optimizer.zero_grad(set_to_none=True)
    for epoch in range(cfg.epochs):
        for it, (x, y) in enumerate(loader):
            with torch.autocast(device_type="cuda", enabled=cfg.amp):
                loss = criterion(model(x), y)
            scaler.scale(loss).backward()
            if (it + 1) % cfg.accum_steps == 0:
                optimizer_step(optimizer, scaler, model, cfg.max_norm)
