"""A train_step function (backward, step, no clear) that no loop of this file calls.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train_step(model, optimizer, batch):
    x, y = batch
    loss = torch.nn.functional.cross_entropy(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.detach()
