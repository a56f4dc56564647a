# expect: clean
from torch.optim.optimizer import Optimizer


class SGD(Optimizer):
    def __init__(self, params, lr):
        super().__init__(params, {"lr": lr})

    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.data.add_(p.grad, alpha=-group["lr"])
