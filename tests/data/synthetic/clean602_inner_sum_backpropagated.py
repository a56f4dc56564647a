"""Losses of an inner loop summed into a tensor and backpropagated once per outer iteration.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, opt, chunks=4):
    for batch in loader:
        opt.zero_grad()
        total = 0
        for piece in batch.chunk(chunks):
            total = total + model(piece).pow(2).mean()
        total.backward()
        opt.step()
