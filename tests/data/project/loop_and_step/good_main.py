# expect: clean
"""The same step, cleared by the loop before each call: nothing to report."""

import torch

import engine


def main(model, loader):
    criterion = torch.nn.CrossEntropyLoss()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for batch in loader:
        optimizer.zero_grad()
        engine.train_step(model, batch, optimizer, criterion)
