# expect: clean
"""train.py's twin clearing before each helper call: clean."""

import torch

from fitting import forward_backward


def train(model, batches):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    losses = []
    for batch in batches:
        optimizer.zero_grad()
        losses.append(forward_backward(model, batch))
        optimizer.step()
    return losses
