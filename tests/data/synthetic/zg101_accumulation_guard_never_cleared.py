"""Accumulation: a guarded step with the only clear before the loop.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 16:13
import torch


def train(model, loader, criterion, accum_steps=4):
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    opt.zero_grad()
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y) / accum_steps
        loss.backward()
        if (i + 1) % accum_steps == 0:
            opt.step()
