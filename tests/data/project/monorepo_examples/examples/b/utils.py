# expect: clean
"""The step of examples/b/train.py: it clears first."""

import torch


def train_batch(model, optimizer, batch):
    optimizer.zero_grad()
    inputs, targets = batch
    loss = torch.nn.functional.cross_entropy(model(inputs), targets)
    loss.backward()
    optimizer.step()
    return loss.item()
