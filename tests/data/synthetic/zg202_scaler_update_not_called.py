"""`scaler.update` without parentheses: also ZG404 at scaler.step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG404 17:9
# expect: ZG202 18:9
import torch


def train(model, loader, optimizer):
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update
