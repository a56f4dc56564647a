# expect: ZG204 14:9
"""engine/schedules.py's factory that always builds PyTorch's cosine scheduler, stepped at the top of each epoch
before the optimizer's first step: the schedule's first value is skipped."""

import torch

from engine import schedules


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = schedules.build_cosine(optimizer, epochs)
    for epoch in range(epochs):
        scheduler.step()
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
