# expect: clean
"""A continual-learning base: the training loop (elsewhere) calls `meta_observe` once per batch with the epoch it
counts, and `meta_observe` hands everything on to the subclass's `observe`."""

import torch


class ContinualModel(torch.nn.Module):
    def __init__(self, net, lr):
        super().__init__()
        self.net = net
        self.opt = torch.optim.SGD(self.net.parameters(), lr=lr)

    def observe(self, inputs, labels, epoch=None):
        raise NotImplementedError

    def meta_observe(self, *args, **kwargs):
        self.net.train()
        return self.observe(*args, **kwargs)
