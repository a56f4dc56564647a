# expect: clean
"""The vendored LAMB (`from timm.optim import Lamb`, the tree's copy): the loop never clears, but the copy's `step`
clears each gradient it applies (timm's own would not: `project/vendored_optimizer/`)."""

import torch

from timm.optim import Lamb


def main(model, loader, epochs):
    optimizer = Lamb(model.parameters(), lr=2e-3)
    for epoch in range(epochs):
        for inputs, targets in loader:
            loss = torch.nn.functional.cross_entropy(model(inputs), targets)
            loss.backward()
            optimizer.step()
