"""unscale_ inside the inner micro-batch loop: it runs n times before the one update.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG403 19:13
import torch


def train(model, batches, optimizer, steps, n):
    scaler = torch.amp.GradScaler("cuda")
    it = iter(batches)
    for step in range(steps):
        optimizer.zero_grad()
        for micro in range(n):
            x, y = next(it)
            with torch.autocast("cuda"):
                loss = torch.nn.functional.mse_loss(model(x), y) / n
            scaler.scale(loss).backward()
            scaler.unscale_(optimizer)
        scaler.step(optimizer)
        scaler.update()
