"""AMP: the clear follows the autocast forward and precedes the scaled backward.

Held-out case (redteam), labelled from RULES.md.
"""
# needs: --extend-select ZG104
# expect: ZG104 14:9
import torch


def train(model, loader, optimizer, scaler):
    for x, y in loader:
        with torch.autocast("cuda"):
            loss = torch.nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
