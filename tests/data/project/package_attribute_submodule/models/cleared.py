# expect: clean
"""The step of clean_train.py's loop, reached as `models.cleared.train_batch`: it clears first."""

import torch


def train_batch(model, optimizer, batch):
    inputs, targets = batch
    optimizer.zero_grad()
    loss = torch.nn.functional.cross_entropy(model(inputs), targets)
    loss.backward()
    optimizer.step()
    return loss.item()
