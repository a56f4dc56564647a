# expect: clean
"""The twin of train.py: the loop clears before each backward."""

import torch

from timm.optim import Lamb


def main(model, loader, epochs):
    optimizer = Lamb(model.parameters(), lr=2e-3)
    for epoch in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(inputs), targets)
            loss.backward()
            optimizer.step()
