# expect: ZG101 11:5
"""The other implementation: it never clears (reported only from a loop known to run it)."""

import torch


def train_batch(model, optimizer, batch):
    inputs, targets = batch
    loss = torch.nn.functional.cross_entropy(model(inputs), targets)
    loss.backward()
    optimizer.step()
    return loss.item()
