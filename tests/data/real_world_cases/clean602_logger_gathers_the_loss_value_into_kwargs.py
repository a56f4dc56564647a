# expect: clean
"""The twin: the loop hands the metric logger's `update(**kwargs)` the loss's value, `loss.item()`, and the learning
rate, a number: no meter keeps a graph."""
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

    def update(self, *args, **kwargs):
        for k, v in kwargs.items():
            self.meters[k].update(v)


def train_one_epoch(model, criterion, loader, optimizer):
    metric_logger = MetricLogger()
    for samples, targets in loader:
        optimizer.zero_grad()
        loss = criterion(model(samples), targets)
        loss.backward()
        optimizer.step()
        metric_logger.update(lr=optimizer.param_groups[0]["lr"], loss=loss.item())
    return metric_logger
