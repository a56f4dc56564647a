# expect: ZG602 18:9
"""The twin of clean602_metric_logger_reads_a_tensor_as_a_number_first.py: the metric logger reads only a tensor of
one element as a number (`if isinstance(value, torch.Tensor) and value.dim() == 0:`), so the test's false arm may still
hold a tensor and adds it up as it is: the loss handed, `losses` of one per sample, keeps each iteration's graph."""

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
            if isinstance(value, torch.Tensor) and value.dim() == 0:
                value = value.item()
            self.meters[name].add(value)


def train(model, loader, optimizer):
    meters = Meters()
    for x, y in loader:
        optimizer.zero_grad()
        losses = nn.functional.cross_entropy(model(x), y, reduction="none")
        losses.mean().backward()
        optimizer.step()
        meters.add(loss=losses)
    return meters
