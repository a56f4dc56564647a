"""The only clear is in the `except` that recovers from out-of-memory; normal iterations never clear.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 14:13
import torch


def train(model, loader, optimizer):
    for x, y in loader:
        try:
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
        except torch.cuda.OutOfMemoryError:
            optimizer.zero_grad()
            torch.cuda.empty_cache()
