"""Accumulation by a token budget: the step and the clear when `tokens >= budget`, the counter reset there.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, optimizer, budget=4096):
    tokens = 0
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y, reduction="sum") / budget
        loss.backward()
        tokens += y.numel()
        if tokens >= budget:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad()
            tokens = 0
