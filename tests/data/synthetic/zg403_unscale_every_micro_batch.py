"""unscale_ and clip on every micro-batch while the step and update run every n.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG403 16:9
import torch


def train(model, loader, optimizer, accum=4):
    scaler = torch.amp.GradScaler("cuda")
    optimizer.zero_grad()
    for i, (x, y) in enumerate(loader):
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(model(x), y) / accum
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        if (i + 1) % accum == 0:
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()
