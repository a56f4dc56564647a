"""Accumulation: under the guard, the clear comes before the step (it discards the whole window).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG102 14:13
import torch


def train(model, loader, optimizer, n=4):
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y) / n
        loss.backward()
        if (i + 1) % n == 0:
            optimizer.zero_grad()
            optimizer.step()
