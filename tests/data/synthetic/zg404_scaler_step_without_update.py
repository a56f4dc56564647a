"""scaler.step(opt) every iteration, scaler.update() never.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG404 16:9
import torch


def train(model, loader, optimizer):
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
