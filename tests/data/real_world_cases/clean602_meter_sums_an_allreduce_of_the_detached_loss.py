"""A running meter summing a horovod all-reduce of each batch's detached loss: no graph kept.

The twin of `zg602_meter_sums_an_allreduce_of_the_loss.py`, as horovod's ImageNet example after its memory-leak
fix (PR 641): the meter reduces `value.detach()`, which carries no graph, so the running sum keeps none
(RULES.md ZG602: `.detach()` cuts the graph; the all-reduce of a detached tensor is no graph either).
"""
# expect: clean
import horovod.torch as hvd
import torch
from torch import nn


class RunningMean:
    def __init__(self, label):
        self.label = label
        self.total = torch.zeros(())
        self.count = 0

    def update(self, value):
        self.total += hvd.allreduce(value.detach(), name=self.label)
        self.count += 1


def fit_epoch(net, loader, optimizer):
    meter = RunningMean("loss")
    for features, labels in loader:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(net(features), labels)
        loss.backward()
        optimizer.step()
        meter.update(loss)
    return meter.total / max(meter.count, 1)
