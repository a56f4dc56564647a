# expect: ZG302 24:29
# expect: ZG302 35:23
# expect: ZG302 46:36
# expect: ZG302 53:50
"""Federated optimizers (the shape of PFLlib's SCAFFOLD and FedProx optimizers): each `step` walks the group's
parameters zipped with the server's state and reads `p.grad` unguarded. `p` is still an element of
`group["params"]`: a tuple target unpacking `zip(a, b, ...)` binds each name to the collection at its position
(`grad_reads.zipped_pairs`), and a slice of a parameter list is some of its parameters (ALA's `params[-layers:]`).
Before pend20 only the plain loop (`for p in group["params"]`) was reported (ZG302, opt-in). The guarded twin is
`clean302_parameters_zipped_with_client_state_guarded.py`."""

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


def adaptive_aggregation(model, weights, layers):
    """PFLlib's ALA: the read is over a slice of the parameter list (the layers it learns weights for)."""
    params = list(model.parameters())[-layers:]
    for param, weight in zip(params, weights):
        weight.data = torch.clamp(weight - 0.1 * param.grad, 0, 1)
