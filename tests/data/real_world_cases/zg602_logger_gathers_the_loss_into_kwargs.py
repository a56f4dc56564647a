# expect: ZG602 17:9
# expect: ZG602 19:9
"""A metric logger in the torchvision references' shape without their `.item()`: `update(**kwargs)` gathers the
keyword arguments it is handed and gives each to the meter of its name, which appends it to its window and adds it
to its total. The loop hands it the backpropagated tensor: every batch's graph is kept (reported at both statements
that keep it)."""
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
        metric_logger.update(lr=optimizer.param_groups[0]["lr"], loss=loss)
    return metric_logger
