# expect: ZG101 11:5
"""A step that never clears: reported from the loop that runs it (import_then_call.py)."""

import torch


def train_batch(model, optimizer, batch):
    inputs, targets = batch
    loss = torch.nn.functional.cross_entropy(model(inputs), targets)
    loss.backward()
    optimizer.step()
    return loss.item()
