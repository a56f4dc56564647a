"""Clipping right after the clear, before the backward: it clips empty gradients.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG203 12:9
import torch


def train(model, loader, opt):
    for x, y in loader:
        opt.zero_grad()
        torch.nn.utils.clip_grad_value_(model.parameters(), 0.5)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
