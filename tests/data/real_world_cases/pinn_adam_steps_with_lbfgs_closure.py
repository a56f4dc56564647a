"""Adam steps driven by the LBFGS optimizer's closure, which clears the LBFGS optimizer only.

Seen in jayroxis/PINNs "Burgers Equation/Burgers.ipynb" before fa9f7fb
("Fix bugs of not zero_grad Adam Optimizer"): `self.optimizer = LBFGS(
self.model.parameters())` and `self.adam = Adam(self.model.parameters())`;
`loss_func()` does `self.optimizer.zero_grad()`, the loss and `backward()`;
`train()` runs `for i in range(1000): self.adam.step(self.loss_func)`, then
`self.optimizer.step(self.loss_func)`. Both optimizers are visibly built from
the same model's parameters, so the closure's clear covers Adam's gradients
too: the maintainer's fix (also clearing Adam) changed nothing, and RULES.md
ZG101 stays silent ("LBFGS closures that clear").
"""
# expect: clean
import torch


class Net:
    def __init__(self):
        self.model = torch.nn.Sequential(torch.nn.Linear(2, 20), torch.nn.Tanh(), torch.nn.Linear(20, 1))
        self.x = torch.randn(64, 2)
        self.y = torch.randn(64, 1)
        self.optimizer = torch.optim.LBFGS(self.model.parameters(), lr=1.0, max_iter=50)
        self.adam = torch.optim.Adam(self.model.parameters())

    def loss_func(self):
        self.optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(self.model(self.x), self.y)
        loss.backward()
        return loss

    def train(self):
        for i in range(1000):
            self.adam.step(self.loss_func)
        self.optimizer.step(self.loss_func)
