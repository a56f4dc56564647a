"""The clear at the end of the iteration is skipped by `continue` on a non-finite loss.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 16:9
import math

import torch


def train(model, loader):
    opt = torch.optim.Adam(model.parameters())
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        if not math.isfinite(loss.item()):
            continue
        opt.zero_grad()
