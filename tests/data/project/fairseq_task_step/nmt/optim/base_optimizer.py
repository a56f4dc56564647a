# expect: clean
"""The project's optimizer wrapper (fairseq's `FairseqOptimizer` shape, written here): its own `backward`,
`multiply_grads`, `clip_grad_norm`, `step` and `zero_grad`, each handed to the torch optimizer a subclass
builds in `self._optimizer`: its methods are inlined where an instance's are called."""

import torch


class BaseOptimizer:
    def __init__(self, cfg, params):
        self.cfg = cfg
        self.params = list(params)
        self._optimizer = None

    @property
    def optimizer(self):
        return self._optimizer

    @property
    def param_groups(self):
        return self._optimizer.param_groups

    def get_lr(self):
        return self.param_groups[0]["lr"]

    def backward(self, loss):
        loss.backward()

    def multiply_grads(self, c):
        for p in self.params:
            if p.grad is not None:
                p.grad.data.mul_(c)

    def clip_grad_norm(self, max_norm):
        return torch.nn.utils.clip_grad_norm_(self.params, max_norm)

    def step(self, closure=None):
        self._optimizer.step(closure)

    def zero_grad(self):
        self._optimizer.zero_grad()
