"""The optimizer comes from a same-file build_optimizer(); the loop never clears.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 18:9
import torch


def build_optimizer(model, lr):
    return torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01)


def train(model, loader, lr=1e-4):
    optimizer = build_optimizer(model, lr)
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
