"""scaler.update() in a `finally` after the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, optimizer, log):
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        try:
            scaler.step(optimizer)
        finally:
            scaler.update()
            log(loss.item())
