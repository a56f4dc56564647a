# expect: clean
"""The base of every continual learner (aimagelab/mammoth models/utils/continual_model.py): the network, its
optimizer, and `meta_observe`, which the training loop calls once per batch and which counts the batches of the
epoch that each subclass's `observe` reads to accumulate a virtual batch."""

import torch
from torch import nn


class ContinualModel(nn.Module):
    def __init__(self, net: nn.Module, lr: float, virtual_bs_n: int):
        super().__init__()
        self.net = net
        self.virtual_bs_n = virtual_bs_n
        self.loss = nn.CrossEntropyLoss()
        self.opt = torch.optim.SGD(self.net.parameters(), lr=lr, momentum=0.9)
        self.epoch_iteration = 0

    def begin_epoch(self):
        self.epoch_iteration = 0

    def meta_observe(self, inputs, labels):
        loss = self.observe(inputs, labels)
        self.epoch_iteration += 1
        return loss

    def observe(self, inputs, labels):
        raise NotImplementedError
