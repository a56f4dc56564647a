"""Twin of zg103_own_zero_grad_at_epoch_start_after_flush.py: no flush ends the epoch, so the trainer's own
`self.zero_grad()` at the start of the next one clears the gradients the last batch's step left; the method's body,
inlined at each call, is not a clear redundant with itself.
"""
# expect: clean

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
