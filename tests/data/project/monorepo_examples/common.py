# expect: ZG101 12:5
"""A module of the root named as examples/pkg/common.py: it never clears (reported from examples/pkg/imports_common.py,
a module of the package, whose `from common import ...` is this one; not from the script beside that common.py)."""

import torch


def train_batch(model, optimizer, batch):
    inputs, targets = batch
    loss = torch.nn.functional.cross_entropy(model(inputs), targets)
    loss.backward()
    optimizer.step()
    return loss.item()
