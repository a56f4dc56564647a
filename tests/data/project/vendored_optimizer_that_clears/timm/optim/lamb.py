# expect: clean
"""A copy of timm's LAMB kept in the tree, changed: its `step` clears each parameter's gradient once it is applied
(`p.grad = None`), so a loop that never calls `zero_grad` starts each iteration from none."""

import torch
from torch.optim import Optimizer


class Lamb(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-6, weight_decay=0.01):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay))

    @torch.no_grad()
    def step(self, closure=None):
        loss = closure() if closure is not None else None
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                if not state:
                    state["step"] = 0
                    state["exp_avg"] = torch.zeros_like(p)
                    state["exp_avg_sq"] = torch.zeros_like(p)
                state["step"] += 1
                state["exp_avg"].mul_(beta1).add_(p.grad, alpha=1 - beta1)
                state["exp_avg_sq"].mul_(beta2).addcmul_(p.grad, p.grad, value=1 - beta2)
                update = state["exp_avg"] / (state["exp_avg_sq"].sqrt() + group["eps"])
                update.add_(p, alpha=group["weight_decay"])
                trust = (p.norm() / update.norm().clamp(min=group["eps"])).clamp(max=10.0)
                p.add_(update, alpha=-group["lr"] * float(trust))
                p.grad = None
        return loss
