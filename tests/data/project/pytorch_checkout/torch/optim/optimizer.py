# expect: clean
"""The base of the optimizers, as an older release wrote it: `zero_grad` zeroes in place by default."""


class Optimizer:
    def __init__(self, params, defaults):
        self.param_groups = [{"params": list(params), **defaults}]

    def zero_grad(self, set_to_none=False):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.grad.zero_()

    def step(self):
        raise NotImplementedError
