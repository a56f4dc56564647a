"""AMP with torch.cuda.amp.GradScaler: scaled backward, scaler.step and update, never a clear.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 15:9
import torch


def train(model, loader, optimizer, criterion):
    scaler = torch.cuda.amp.GradScaler()
    for x, y in loader:
        with torch.cuda.amp.autocast():
            loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
