"""An evaluation loop sums losses under torch.no_grad().

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def evaluate(model, loader):
    model.eval()
    total = 0
    with torch.no_grad():
        for x, y in loader:
            total += torch.nn.functional.cross_entropy(model(x), y)
    return total / len(loader)
