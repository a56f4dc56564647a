# expect: clean
"""A dict of meters one key of which is set since to an instance of a class of its own, `meters["loss"] =
LastValue()`, which keeps only the last value: which class `meters[name]` is no longer shows, so nothing is said."""
from collections import OrderedDict


class AverageMeter:
    def __init__(self):
        self.sum = 0.0

    def update(self, val):
        self.sum += val


class LastValue:
    def __init__(self):
        self.val = None

    def update(self, val):
        self.val = val


def train(model, criterion, loader, optimizer, names):
    meters = OrderedDict([(name, AverageMeter()) for name in names])
    meters["loss"] = LastValue()
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        meters["loss"].update(loss)
    return meters
