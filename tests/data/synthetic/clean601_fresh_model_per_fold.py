"""Cross-validation: a fresh model and a fresh Adam per fold.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn


def cross_validate(folds, epochs):
    scores = []
    for train_loader, val_loader in folds:
        model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        for epoch in range(epochs):
            for x, y in train_loader:
                optimizer.zero_grad()
                nn.functional.cross_entropy(model(x), y).backward()
                optimizer.step()
        scores.append(evaluate(model, val_loader))
    return scores


def evaluate(model, loader):
    with torch.no_grad():
        return sum((model(x).argmax(1) == y).float().mean().item() for x, y in loader)
