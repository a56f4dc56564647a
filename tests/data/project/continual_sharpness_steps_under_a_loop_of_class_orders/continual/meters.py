# expect: clean
"""Running averages of the logged numbers (a tensor is read as a number first)."""

from collections import defaultdict

import torch


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
            if value is None:
                continue
            if isinstance(value, torch.Tensor):
                value = value.item()
            assert isinstance(value, (float, int))
            self.meters[name].add(value)

    def add_all(self, values):
        for name, value in values.items():
            if isinstance(value, torch.Tensor):
                value = value.item()
            assert isinstance(value, (float, int))
            self.meters[name].add(value)
