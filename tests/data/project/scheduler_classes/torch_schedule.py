# expect: ZG204 14:9
"""A subclass of PyTorch's LambdaLR, imported through a re-export and a star import: stepped before the
optimizer's first step, it skips the schedule's first value."""

import torch

from utils.more import *


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = Warmup(optimizer, warmup=5)
    for epoch in range(epochs):
        scheduler.step()
        for inputs, targets in loader:
            optimizer.zero_grad()
            model(inputs, targets).backward()
            optimizer.step()
