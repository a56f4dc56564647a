# expect: clean
"""The guarded twin of `zg302_parameters_zipped_with_client_state.py`: each zipped loop skips a parameter with no
gradient, so the reads of `p.grad` are guarded as in the plain loop (RULES.md ZG302); a zip whose element at the
parameter's position is never read through `.grad` has nothing to guard."""

import torch
from torch.optim import Optimizer


class ProximalOptimizer(Optimizer):
    def __init__(self, params, lr=0.01, mu=0.0):
        super().__init__(params, dict(lr=lr, mu=mu))

    @torch.no_grad()
    def step(self, global_params):
        for group in self.param_groups:
            for p, g in zip(group["params"], global_params):
                if p.grad is None:
                    continue
                d_p = p.grad.data + group["mu"] * (p.data - g.data)
                p.data.add_(d_p, alpha=-group["lr"])


def named_gradient_norms(model, reference):
    return {
        name: (p.grad - q.data).norm()
        for (name, p), q in zip(model.named_parameters(), reference.parameters())
        if p.grad is not None
    }


def adaptive_aggregation(model, weights, layers):
    params = list(model.parameters())[-layers:]
    for param, weight in zip(params, weights):
        if param.grad is not None:
            weight.data = torch.clamp(weight - 0.1 * param.grad, 0, 1)


def copy_server_weights(model, server_weights):
    for p, w in zip(model.parameters(), server_weights):
        p.data.copy_(w)
