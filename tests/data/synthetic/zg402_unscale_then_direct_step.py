"""unscale_ and then opt.step() directly: still bypasses the scaler.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG402 18:9
import torch


def train(model, loader, optimizer):
    scaler = torch.cuda.amp.GradScaler()
    for x, y in loader:
        optimizer.zero_grad()
        with torch.cuda.amp.autocast():
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        scaler.update()
