"""AMP: scaler.step(opt) and update before the scaled backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG201 15:9
import torch


def train(model, loader, opt):
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        opt.zero_grad()
        with torch.autocast("cuda"):
            loss = torch.nn.functional.cross_entropy(model(x), y)
        scaler.step(opt)
        scaler.update()
        scaler.scale(loss).backward()
