"""A nested `def step()` (clear, backward, step) passed to a timer helper in the loop.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import time

import torch


def timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def train(model, loader, optimizer):
    for x, y in loader:
        def step():
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()

        print(timed(step))
