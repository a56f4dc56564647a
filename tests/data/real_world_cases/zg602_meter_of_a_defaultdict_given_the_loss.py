# expect: ZG602 15:9
"""A metric logger in the torchvision references' shape: `defaultdict(SmoothedValue)` makes the meter of each name
on first use, and the loop hands the one of `loss` the backpropagated tensor: its total keeps every batch's graph
(reported where the meter adds it up)."""
from collections import defaultdict


class SmoothedValue:
    def __init__(self):
        self.total = 0.0
        self.count = 0

    def update(self, value, n=1):
        self.count += n
        self.total += value * n


def train_one_epoch(model, criterion, loader, optimizer):
    meters = defaultdict(SmoothedValue)
    for samples, targets in loader:
        optimizer.zero_grad()
        loss = criterion(model(samples), targets)
        loss.backward()
        optimizer.step()
        meters["loss"].update(loss)
    return meters
