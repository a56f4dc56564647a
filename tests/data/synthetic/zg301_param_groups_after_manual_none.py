"""Parameters set to None by hand, then their .grad scaled before the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG301 16:17
import torch


def train(model, loader, factor):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        for p in model.parameters():
            p.grad = None
        for group in optimizer.param_groups:
            for p in group["params"]:
                p.grad.mul_(factor)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
