# expect: clean
"""The project's own `WarmupCosineSchedule(object)` skips nothing when stepped first."""

import torch

from utils.schedulers import WarmupCosineSchedule


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = WarmupCosineSchedule(optimizer, warmup=5, total=epochs)
    for epoch in range(epochs):
        scheduler.step()
        for inputs, targets in loader:
            optimizer.zero_grad()
            model(inputs, targets).backward()
            optimizer.step()
