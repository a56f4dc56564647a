"""A model whose forward unrolls a few steps of a differentiable optimizer (facebookresearch/higher
examples/deep-energy-mnist.py): `inner_opt.step(energy.sum(), params=[y])` is handed the loss and computes its
gradients itself, with `torch.autograd.grad`; torch.optim's step takes at most a closure, and a tensor's sum is none,
so that call is no step of a torch optimizer (nothing of `.grad`), and the training loop run with the model is clean.

The twin is `zg101_differentiable_optimizer_in_forward_outer_loop_never_clears.py`.
"""
# expect: clean

import higher
import torch
import torch.nn.functional as F


class Energy(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(14, 1)

    def forward(self, x, y):
        return self.net(torch.cat([x, y], dim=1))


class Unroll(torch.nn.Module):
    def __init__(self, energy, n_inner_iter=5):
        super().__init__()
        self.energy = energy
        self.n_inner_iter = n_inner_iter

    def forward(self, x):
        y = torch.zeros(x.size(0), 10, requires_grad=True)
        inner_opt = higher.get_diff_optim(torch.optim.SGD([y], lr=0.1), [y])
        for _ in range(self.n_inner_iter):
            energy = self.energy(x, y)
            y, = inner_opt.step(energy.sum(), params=[y])
        return y


def train(model, loader, optimizer):
    for data, target in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(data), target)
        loss.backward()
        optimizer.step()


def main(loader):
    model = Unroll(Energy())
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(3):
        train(model, loader, optimizer)
