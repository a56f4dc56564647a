"""An unexpected indent in a training script.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG000 12:12
import torch


def train(model, loader, opt):
    for x, y in loader:
        opt.zero_grad()
            loss = model(x).sum()
        loss.backward()
        opt.step()
