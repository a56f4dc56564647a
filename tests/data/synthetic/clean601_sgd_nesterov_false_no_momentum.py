"""SGD with no momentum (nesterov=False) rebuilt per epoch to change the learning rate.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import optim


def train(model, loader, epochs, base_lr):
    for epoch in range(epochs):
        opt = optim.SGD(model.parameters(), lr=base_lr * 0.5 ** epoch, nesterov=False)
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
