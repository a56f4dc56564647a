# expect: clean
"""The other half of the cycle."""

import torch

import alpha


def backward_of(model, batch):
    model(batch).mean().backward()


def train(model, loader):
    optimizer = torch.optim.Adam(model.parameters())
    for batch in loader:
        alpha.step(model, batch, optimizer)
