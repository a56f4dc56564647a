"""A physics-informed fit with LBFGS: the clear runs once per step, outside the closure that LBFGS evaluates
up to max_iter times, so each evaluation's backward adds to the last one's gradients."""
# expect: ZG101 24:13
import torch
from torch import nn


class PinnSolver:
    def __init__(self, net: nn.Module, points: torch.Tensor):
        self.net = net
        self.points = points.requires_grad_(True)
        self.lbfgs = torch.optim.LBFGS(net.parameters(), lr=0.5, max_iter=50, line_search_fn="strong_wolfe")

    def residual_loss(self):
        u = self.net(self.points)
        du = torch.autograd.grad(u.sum(), self.points, create_graph=True)[0]
        loss = (du - torch.cos(self.points)).pow(2).mean()
        loss.backward()
        return loss

    def solve(self, outer_steps: int):
        for _ in range(outer_steps):
            self.lbfgs.zero_grad()
            self.lbfgs.step(self.residual_loss)
