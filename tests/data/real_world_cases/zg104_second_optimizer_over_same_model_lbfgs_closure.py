"""An Adam loop, then an LBFGS closure, both over the same network and both clearing after their forward.

Modelled on a physics-informed network trainer (jayroxis/PINNs): `train`
forwards through the class's own `predict` method, then clears, backwards and
steps Adam; after the loop `self.lbfgs.step(self.closure)`, whose closure is
built the same way. Each clear runs after the forward pass of the loss its
backward uses (RULES.md ZG104, opt-in). The Adam backward feeds Adam, but it
writes the LBFGS optimizer's gradients too (the same parameters): the forward
pass is pending for both, so the clear is still after the forward.
"""
# expect: ZG104 31:13
# expect: ZG104 39:9
import torch


class Solver:
    def __init__(self, x, y):
        self.x = x
        self.y = y
        self.net = torch.nn.Sequential(torch.nn.Linear(1, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
        self.adam = torch.optim.Adam(self.net.parameters())
        self.lbfgs = torch.optim.LBFGS(self.net.parameters())

    def predict(self, x):
        return self.net(x)

    def fit(self, epochs):
        for epoch in range(epochs):
            prediction = self.predict(self.x)
            loss = torch.mean((self.y - prediction) ** 2)
            self.adam.zero_grad()
            loss.backward()
            self.adam.step()
        self.lbfgs.step(self.closure)

    def closure(self):
        prediction = self.predict(self.x)
        loss = torch.mean((self.y - prediction) ** 2)
        self.lbfgs.zero_grad()
        loss.backward()
        return loss
