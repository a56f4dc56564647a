"""`loss.backward` without parentheses.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG202 14:9
import torch


def train(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward
        optimizer.step()
