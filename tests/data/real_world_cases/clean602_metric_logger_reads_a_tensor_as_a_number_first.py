# expect: clean
"""A metric logger that reads a tensor as a number first (`if isinstance(value, torch.Tensor): value = value.item()`),
handed the loss itself: what it adds up is a number on every path (the test's false arm holds no tensor), so the loop
keeps no graph. Modelled on the epoch of a class-incremental trainer (arthurdouillard/dytox continual/engine.py,
`metric_logger.update(loss=loss_tuple[0])`, masked there by the file's ZG000; a false ZG602 before the test's false arm
was read as holding no tensor, `kept_values.no_tensor_in_arm`)."""

from collections import defaultdict

import torch
from torch import nn


class Average:
    def __init__(self):
        self.total = 0.0
        self.count = 0

    def add(self, value):
        self.total += value
        self.count += 1


class Meters:
    def __init__(self):
        self.meters = defaultdict(Average)

    def add(self, **values):
        for name, value in values.items():
            if isinstance(value, torch.Tensor):
                value = value.item()
            assert isinstance(value, (float, int))
            self.meters[name].add(value)


def train(model, loader, optimizer):
    meters = Meters()
    for x, y in loader:
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        meters.add(loss=loss)
    return meters
