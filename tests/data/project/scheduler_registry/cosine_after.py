# expect: clean
"""cosine.py's twin stepping the scheduler at the end of each epoch, after the optimizer's steps."""

import torch

from engine import schedules


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = schedules.build_cosine(optimizer, epochs)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
        scheduler.step()
