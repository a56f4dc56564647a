# expect: clean
"""The twin: the helper that calls `zero_grad`."""

import torch

from engine.optim_utils import current_lr, reset_all


def train(model, loader, epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for inputs, targets in loader:
            reset_all([optimizer])
            loss = torch.nn.functional.mse_loss(model(inputs), targets)
            loss.backward()
            optimizer.step()
        print(f"epoch {epoch} lr {current_lr(optimizer)}")
