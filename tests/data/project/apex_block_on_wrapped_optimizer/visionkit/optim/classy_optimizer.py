# expect: clean
"""The package's optimizer wrapper (ClassyVision's `ClassyOptimizer` shape, written here): the torch optimizer it
holds is made when the parameter groups are set, and its `zero_grad` and `step` hand on to that one."""

import torch


class ClassyOptimizer:
    def __init__(self, lr=0.1, momentum=0.9):
        self.lr = lr
        self.momentum = momentum
        self.optimizer = None

    def set_param_groups(self, param_groups):
        self.optimizer = torch.optim.SGD(param_groups, lr=self.lr, momentum=self.momentum)

    def zero_grad(self):
        self.optimizer.zero_grad()

    def step(self, closure=None):
        self.optimizer.step(closure)


def master_params(optimizer):
    for group in optimizer.optimizer.param_groups:
        yield from group["params"]
