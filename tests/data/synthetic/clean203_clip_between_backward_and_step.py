"""Clipping between the backward and the step, in an `if`.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, opt, max_norm=0.0):
    for x, y in loader:
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        if max_norm > 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        opt.step()
