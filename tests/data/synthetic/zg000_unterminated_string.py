"""An unterminated string literal in a training script.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG000 14:15
import torch


def train(model, loader, opt):
    for step, (x, y) in enumerate(loader):
        opt.zero_grad()
        model(x).sum().backward()
        opt.step()
        print("step done, step)
