# expect: clean
"""A learner's base class: `meta_observe`, which the loop calls once per batch, runs the subclass's `observe` and
counts the batches (the counter each `observe` reads to accumulate a virtual batch)."""

import torch
from torch import nn


class Learner(nn.Module):
    def __init__(self, net: nn.Module, lr: float, virtual_bs_n: int):
        super().__init__()
        self.net = net
        self.virtual_bs_n = virtual_bs_n
        self.loss = nn.CrossEntropyLoss()
        self.opt = torch.optim.SGD(self.net.parameters(), lr=lr, momentum=0.9)
        self.iteration = 0

    def meta_observe(self, inputs, labels):
        loss = self.observe(inputs, labels)
        self.iteration += 1
        return loss

    def observe(self, inputs, labels):
        raise NotImplementedError
