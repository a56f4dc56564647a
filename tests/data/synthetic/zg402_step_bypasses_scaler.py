"""After a scaled backward, opt.step() is called directly.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG402 16:9
import torch


def train(model, loader, opt):
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        opt.zero_grad()
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        opt.step()
        scaler.update()
