"""AMP: the loop does the scaled backward, a helper does scaler.step and update.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def optimizer_step(scaler, optimizer):
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad(set_to_none=True)


def train(model, loader, optimizer):
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        optimizer_step(scaler, optimizer)
