"""`if use_amp:` picks the scaled backward, but the step is always the plain one.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG402 18:9
import torch


def train(model, loader, optimizer, use_amp):
    scaler = torch.amp.GradScaler("cuda", enabled=use_amp)
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        if use_amp:
            scaler.scale(loss).backward()
        else:
            loss.backward()
        optimizer.step()
