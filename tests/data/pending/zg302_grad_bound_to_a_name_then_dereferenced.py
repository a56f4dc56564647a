# expect: ZG302 28:24
"""An SM3-style optimizer (Enealor/PyTorch-SM3's src/SM3/SM3.py before "Verify grad is not None", aa7f365; PR 20 "Fix
frozen layers"): `step` binds `grad = p.grad` for every parameter of its param groups and then reads `grad.shape`, so a
frozen parameter (no gradient) crashes the step with an AttributeError. The read is reported where `p.grad` is written
(RULES.md: the `.grad` that is dereferenced). ZG302 knows a dereference of `p.grad` itself (`p.grad.shape`,
`p.grad.data`), not of a name bound to it. What it needs: a local bound once to `p.grad` (nothing rebinding it before
the read, no `is None` test of it or of `p.grad` in between) read as `p.grad` where it is dereferenced."""

import torch


class SecondMomentOptimizer(torch.optim.Optimizer):
    def __init__(self, params, lr=0.1, eps=1e-30):
        super().__init__(params, dict(lr=lr, eps=eps))

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            eps = group["eps"]
            for p in group["params"]:
                if p is None:
                    continue
                # The name is bound here; its dereference two lines down crashes for a frozen parameter.
                grad = p.grad
                state = self.state[p]
                shape = grad.shape
                if len(state) == 0:
                    state["accumulator"] = torch.zeros(shape, device=p.device)
                state["accumulator"].add_(grad * grad)
                p.addcdiv_(grad, state["accumulator"].add(eps).sqrt(), value=-group["lr"])
        return loss
