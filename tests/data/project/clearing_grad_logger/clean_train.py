# expect: clean
"""The twin: the drop-batch helper between the backward and the step, the clear at the top of the iteration."""

import torch

from utils.grad_stats import drop_if_nonfinite


def train(model, loader, epochs, max_norm):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for epoch in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(inputs), targets)
            loss.backward()
            drop_if_nonfinite(model, optimizer, max_norm)
            optimizer.step()
