"""`optimizer.zero_grad` without parentheses: nothing clears, so also ZG101.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG202 13:9
# expect: ZG101 16:9
import torch


def train(model, loader):
    optimizer = torch.optim.Adam(model.parameters())
    for x, y in loader:
        optimizer.zero_grad
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
