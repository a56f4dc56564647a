# expect: clean
"""The twin: the loss divided by the window."""

import torch

from utils.optim_step import optimizer_step


def train(cfg, model, loader, criterion):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    scaler = torch.cuda.amp.GradScaler(enabled=cfg.amp)
    optimizer.zero_grad(set_to_none=True)
    for epoch in range(cfg.epochs):
        for it, (x, y) in enumerate(loader):
            with torch.autocast(device_type="cuda", enabled=cfg.amp):
                loss = criterion(model(x), y) / cfg.accum_steps
            scaler.scale(loss).backward()
            if (it + 1) % cfg.accum_steps == 0:
                optimizer_step(optimizer, scaler, model, cfg.max_norm)
