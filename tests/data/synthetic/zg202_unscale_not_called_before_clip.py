"""`scaler.unscale_` without parentheses before clipping: also ZG401 at the clip.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG202 17:9
# expect: ZG401 18:9
import torch


def train(model, loader, optimizer):
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.unscale_
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(optimizer)
        scaler.update()
