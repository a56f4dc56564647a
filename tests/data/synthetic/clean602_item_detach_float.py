"""Accumulating with .item(), .detach() and float(): no graph kept.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, opt):
    total, hist, peak = 0.0, [], 0.0
    for x, y in loader:
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        total += loss.item()
        hist.append(loss.detach().cpu())
        peak = max(peak, float(loss))
    return total, hist, peak
