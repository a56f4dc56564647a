"""The twin of zg101_lbfgs_cleared_outside_closure.py: the closure clears before each backward; and a
clear outside the closure of an optimizer that evaluates it once per step (Adam, LBFGS with max_iter=1)."""
# expect: clean
import torch
from torch import nn


class PinnSolver:
    def __init__(self, net: nn.Module, points: torch.Tensor):
        self.net = net
        self.points = points.requires_grad_(True)
        self.lbfgs = torch.optim.LBFGS(net.parameters(), lr=0.5, max_iter=50, line_search_fn="strong_wolfe")
        self.adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        self.single = torch.optim.LBFGS(net.parameters(), max_iter=1)

    def residual_loss(self):
        u = self.net(self.points)
        du = torch.autograd.grad(u.sum(), self.points, create_graph=True)[0]
        loss = (du - torch.cos(self.points)).pow(2).mean()
        loss.backward()
        return loss

    def cleared_loss(self):
        self.lbfgs.zero_grad()
        return self.residual_loss()

    def solve(self, outer_steps: int):
        for _ in range(outer_steps):
            self.lbfgs.step(self.cleared_loss)

    def warm_up(self, steps: int):
        for _ in range(steps):
            self.adam.zero_grad()
            self.adam.step(self.residual_loss)
            self.single.zero_grad()
            self.single.step(self.residual_loss)
