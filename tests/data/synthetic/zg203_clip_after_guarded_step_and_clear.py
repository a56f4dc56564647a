"""Accumulation: the clip follows the guarded step and clear, so it clips empty gradients.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG203 16:13
import torch


def train(model, loader, optimizer, accum):
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
        if (i + 1) % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
