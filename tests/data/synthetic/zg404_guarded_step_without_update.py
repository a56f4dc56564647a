"""AMP accumulation: the guarded scaler.step has no update anywhere.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG404 16:13
import torch


def train(model, loader, optimizer, accum=2):
    scaler = torch.amp.GradScaler("cuda")
    for i, (x, y) in enumerate(loader):
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(model(x), y) / accum
        scaler.scale(loss).backward()
        if (i + 1) % accum == 0:
            scaler.step(optimizer)
            optimizer.zero_grad()
