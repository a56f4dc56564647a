"""A trainer class with its own `zero_grad()` (each optimizer of its dict) calls it at the start of every epoch,
after the previous epoch ended with `self.zero_grad(set_to_none=True)`: no backward between, so the call at the
top of the epoch is redundant (ZG103). The report points at that call, naming the flush, not into the method's
body, whose clear every call shares (modelled on speechbrain's `Brain._fit_train`).
"""
# expect: ZG103 30:13

import torch


class Brain:
    def __init__(self, modules, lr):
        self.modules = modules
        self.optimizer = torch.optim.Adam(modules.parameters(), lr=lr)
        self.optimizers_dict = {"opt_class": self.optimizer}

    def zero_grad(self, set_to_none=False):
        if self.optimizers_dict is not None:
            for opt in self.optimizers_dict.values():
                opt.zero_grad(set_to_none=set_to_none)
        else:
            self.optimizer.zero_grad(set_to_none=set_to_none)

    def fit_batch(self, batch):
        self.modules(batch).mean().backward()
        self.optimizer.step()

    def fit(self, epochs, loader):
        for epoch in range(epochs):
            self.zero_grad()
            for batch in loader:
                self.zero_grad()
                self.fit_batch(batch)
            self.zero_grad(set_to_none=True)
