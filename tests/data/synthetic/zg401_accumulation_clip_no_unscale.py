"""Accumulation with AMP: the guarded clip has no unscale_ before it.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG401 17:13
import torch


def train(model, loader, optimizer, accum=4):
    scaler = torch.amp.GradScaler("cuda")
    optimizer.zero_grad()
    for i, (x, y) in enumerate(loader):
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(model(x), y) / accum
        scaler.scale(loss).backward()
        if (i + 1) % accum == 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()
