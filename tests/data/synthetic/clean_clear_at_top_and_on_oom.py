"""A clear at the top of each iteration and another in the out-of-memory handler (which has partial gradients to drop).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        try:
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
        except torch.cuda.OutOfMemoryError:
            optimizer.zero_grad()
            torch.cuda.empty_cache()
