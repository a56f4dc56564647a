"""unscale_ only on logging steps; the clip runs every step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG401 19:9
import torch


def train(model, loader, optimizer, log_every=50):
    scaler = torch.amp.GradScaler("cuda")
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        if step % log_every == 0:
            scaler.unscale_(optimizer)
            print(step, loss.item())
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(optimizer)
        scaler.update()
