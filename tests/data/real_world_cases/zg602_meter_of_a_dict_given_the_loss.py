# expect: ZG602 16:9
"""A dict of meters, one per logged term, each handed a tensor of the backpropagated loss's graph: the meter's sum
keeps every batch's graph alive until the epoch ends (reported where the meter adds it up)."""
from collections import OrderedDict

import torch


class AverageMeter:
    def __init__(self, name):
        self.name = name
        self.sum = 0.0
        self.count = 0

    def update(self, val, n=1):
        self.sum += val * n
        self.count += n


def train(model, loader, optimizer):
    meters = OrderedDict([(name, AverageMeter(name)) for name in ["loss", "acc"]])
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        loss = torch.nn.functional.cross_entropy(out, y)
        loss.backward()
        optimizer.step()
        meters["loss"].update(loss, x.size(0))
        meters["acc"].update((out.argmax(-1) == y).float().mean().item(), x.size(0))
    return meters
