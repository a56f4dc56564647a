# expect: ZG101 11:5
"""The step of train.py's loop, reached as `models.steps.train_batch`: it never clears."""

import torch


def train_batch(model, optimizer, batch):
    inputs, targets = batch
    loss = torch.nn.functional.cross_entropy(model(inputs), targets)
    loss.backward()
    optimizer.step()
    return loss.item()
