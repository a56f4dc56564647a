"""AMP accumulation: the scaled backward of an undivided loss.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG501 14:9
import torch


def train(model, loader, optimizer, accum):
    scaler = torch.amp.GradScaler("cuda")
    for it, (x, y) in enumerate(loader):
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        if (it + 1) % accum == 0:
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()
