# expect: ZG302 20:29
# expect: ZG302 31:23
# expect: ZG302 42:36
"""Federated optimizers (the shape of PFLlib's SCAFFOLD and FedProx optimizers): each `step` walks the group's
parameters zipped with the server's state and reads `p.grad` unguarded. `p` is still an element of
`group["params"]`; the plain loop (`for p in group["params"]`) is reported (ZG302, opt-in), the zip is not."""

import torch
from torch.optim import Optimizer


class PlainOptimizer(Optimizer):
    def __init__(self, params, lr=0.01):
        super().__init__(params, dict(lr=lr))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                p.data.add_(p.grad.data, alpha=-group["lr"])


class ProximalOptimizer(Optimizer):
    def __init__(self, params, lr=0.01, mu=0.0):
        super().__init__(params, dict(lr=lr, mu=mu))

    @torch.no_grad()
    def step(self, global_params):
        for group in self.param_groups:
            for p, g in zip(group["params"], global_params):
                d_p = p.grad.data + group["mu"] * (p.data - g.data)
                p.data.add_(d_p, alpha=-group["lr"])


class ControlVariateOptimizer(Optimizer):
    def __init__(self, params, lr=0.01):
        super().__init__(params, dict(lr=lr))

    def step(self, server_cs, client_cs):
        for group in self.param_groups:
            for p, sc, cc in zip(group["params"], server_cs, client_cs):
                p.data.add_(other=(p.grad.data + sc - cc), alpha=-group["lr"])
