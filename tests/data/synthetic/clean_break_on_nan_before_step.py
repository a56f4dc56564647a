"""`break` on a NaN loss before the backward; otherwise the usual order.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import math

import torch


def train(model, loader, optimizer):
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        if math.isnan(loss.item()):
            print("nan at", step)
            break
        loss.backward()
        optimizer.step()
