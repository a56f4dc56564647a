"""`optimizer.zero_grad` without parentheses next to a working model.zero_grad(): only ZG202.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG202 13:9
import torch


def train(model, loader):
    optimizer = torch.optim.Adam(model.parameters())
    for x, y in loader:
        model.zero_grad()
        optimizer.zero_grad
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
