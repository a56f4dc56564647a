# expect: ZG101 14:5
"""The step of a training loop that lives in main.py: nothing here clears the gradients."""

import torch


def train_step(model, batch, optimizer, criterion):
    inputs, targets = batch
    loss = criterion(model(inputs), targets)
    loss.backward()
    # The loop of main.py calls this once per batch: with no clear in it or in
    # that loop, each step applies the gradients of every batch so far.
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    return loss.item()
