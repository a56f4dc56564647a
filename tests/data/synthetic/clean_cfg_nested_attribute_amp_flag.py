"""`if cfg.train.amp:` (nested attribute, never assigned in the loop) picks the scaled path twice.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(cfg, model, loader, optimizer):
    scaler = torch.amp.GradScaler("cuda", enabled=cfg.train.amp)
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        if cfg.train.amp:
            scaler.scale(loss).backward()
        else:
            loss.backward()
        if cfg.train.amp:
            scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.train.clip)
        if cfg.train.amp:
            scaler.step(optimizer)
            scaler.update()
        else:
            optimizer.step()
