"""unscale_ under `if clip:` for clipping, then again unconditionally to log the norm.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG403 19:9
import torch


def train(model, loader, optimizer, clip):
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        if clip:
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.unscale_(optimizer)
        scaler.step(optimizer)
        scaler.update()
