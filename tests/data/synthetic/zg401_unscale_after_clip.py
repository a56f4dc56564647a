"""unscale_ comes after the clip.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG401 15:9
import torch


def train(model, loader, optimizer, scaler, max_norm):
    for x, y in loader:
        optimizer.zero_grad()
        with torch.cuda.amp.autocast():
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        scaler.unscale_(optimizer)
        scaler.step(optimizer)
        scaler.update()
