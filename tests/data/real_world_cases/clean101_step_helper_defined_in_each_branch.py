# expect: clean
"""A step written in each branch of an `if` on the environment: which one the loop runs is not known, so neither is
guessed (the fallback forgets to clear; analysed per branch, it would be reported on that path only)."""

import os

import torch

if os.environ.get("FUSED"):

    def train_batch(model, optimizer, batch):
        optimizer.zero_grad()
        model(batch).sum().backward()
        optimizer.step()

else:

    def train_batch(model, optimizer, batch):
        model(batch).sum().backward()
        optimizer.step()


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
