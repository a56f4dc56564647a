"""Accumulation with the clear at the start of each window (`i % n == 0`) and the step at its end.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, n=4):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for i, (x, y) in enumerate(loader):
        if i % n == 0:
            optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y) / n
        loss.backward()
        if (i + 1) % n == 0:
            optimizer.step()
