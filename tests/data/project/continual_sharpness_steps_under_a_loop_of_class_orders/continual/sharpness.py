# expect: clean
"""A sharpness-aware step: climb to the worst neighbour of the weights, then come back before the optimizer steps."""

import torch


class Sharpness:
    def __init__(self, optimizer, net, rho=0.05, look=False):
        self.optimizer = optimizer
        self.net = net
        self.rho = rho
        self.look = look
        self.moved = {}

    @torch.no_grad()
    def first_step(self):
        for p in self.net.parameters():
            if p.grad is None:
                continue
            self.moved[p] = self.rho * p.grad / (p.grad.norm() + 1e-12)
            p.add_(self.moved[p])

    @torch.no_grad()
    def second_step(self, looked=True):
        for p, moved in self.moved.items():
            p.sub_(moved)
