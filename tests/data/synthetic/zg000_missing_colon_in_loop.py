"""A syntax error inside the training loop: the file cannot be parsed.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG000 10:23
import torch


def train(model, loader, opt):
    for x, y in loader
        opt.zero_grad()
        model(x).sum().backward()
        opt.step()
