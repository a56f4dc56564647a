# expect: ZG602 18:9
# expect: ZG602 20:9
"""A metric logger in the torchvision references' shape, written here without their `.item()`: `update(**kwargs)`
hands each value to the meter of its name, a `SmoothedValue` whose `update` appends it to its window and adds it to
its total. engine.py hands it the summed loss as a tensor: the meter keeps every batch's graph (its window's
twenty, and the total's whole epoch): reported at both statements that keep it."""

from collections import defaultdict, deque


class SmoothedValue:
    def __init__(self, window_size=20):
        self.deque = deque(maxlen=window_size)
        self.total = 0.0
        self.count = 0

    def update(self, value, n=1):
        self.deque.append(value)
        self.count += n
        self.total += value * n


class MetricLogger:
    def __init__(self):
        self.meters = defaultdict(SmoothedValue)

    def update(self, **kwargs):
        for k, v in kwargs.items():
            self.meters[k].update(v)
