# expect: ZG302 33:42
"""A Muon-style optimizer (KellerJordan/Muon's muon.py before PR 36 "skip params when grad is None", 3b04428): `step`
hands `p.grad` of every parameter of its param groups to `momentum_update`, a function of the same file whose first
statement uses it as a tensor (`momentum.lerp_(grad, ...)`), so a parameter that got no gradient (frozen, or unused by
the forward) crashes the step. ZG302 knows a read passed to torch's functions, to in-place tensor methods and to tensor
methods, not to a function of the file, whatever its body does with the argument. What it needs: a def of the module
whose parameter its body dereferences on every path before any test of it (`momentum.lerp_(grad, ...)`,
`grad.norm()`), read as a function that needs a tensor at that position."""

import torch


def momentum_update(grad, momentum, beta=0.95):
    momentum.lerp_(grad, 1 - beta)
    return grad.lerp_(momentum, beta)


class SingleDeviceMomentum(torch.optim.Optimizer):
    def __init__(self, params, lr=0.02, momentum=0.95):
        super().__init__(params, dict(lr=lr, momentum=momentum))

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                if len(state) == 0:
                    state["momentum_buffer"] = torch.zeros_like(p)
                update = momentum_update(p.grad, state["momentum_buffer"], beta=group["momentum"])
                p.add_(update, alpha=-group["lr"])
        return loss
