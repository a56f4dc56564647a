"""A running meter summing a horovod all-reduce of each batch's loss: the graph kept for the epoch.

Shape of horovod's ImageNet example before its memory-leak fix (PR 641): the epoch builds a meter once and hands it
each batch's backpropagated loss; the meter's `update` adds `hvd.allreduce(value)` into its running sum.
horovod.torch's collectives are autograd functions, so the reduced tensor carries the loss's graph, and every
batch's graph stays alive until the epoch ends (RULES.md ZG602, through the library summary of horovod's
collectives). main f977f2a3 reads the all-reduce as an unknown call and says nothing.
"""
# expect: ZG602 22:9
import horovod.torch as hvd
import torch
from torch import nn


class RunningMean:
    def __init__(self, label):
        self.label = label
        self.total = torch.zeros(())
        self.count = 0

    def update(self, value):
        self.total += hvd.allreduce(value, name=self.label)
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
