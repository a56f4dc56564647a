"""Bound methods stored and passed (not statements): `hooks.append(opt.step)`, `clear = opt.zero_grad`.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def make_hooks(model):
    opt = torch.optim.Adam(model.parameters())
    clear = opt.zero_grad
    hooks = [clear]
    hooks.append(opt.step)
    return hooks


def run(model, loader):
    hooks = make_hooks(model)
    for x in loader:
        hooks[0]()
        model(x).sum().backward()
        hooks[1]()
