# expect: ZG101 48:5
# expect: ZG101 53:5
"""The twin of clean101_gradients_replaced_by_new_zero_tensors.py: `fill_grad()` gives a new zero tensor only to the
parameters that have no gradient (`if p.grad is None:`, so that every parameter has one), which replaces nothing, and
nothing else clears: each step applies the gradients of every earlier iteration's backward too (RULES.md ZG101, at the
steps)."""

import torch
import torch.nn.functional as F
from torch import optim
from torch.autograd import Variable


def xavier(size):
    return Variable(torch.randn(*size) * (1.0 / size[0]) ** 0.5, requires_grad=True)


Wzh, Whx = xavier([16, 32]), xavier([32, 64])
Wxh, Why = xavier([64, 32]), xavier([32, 1])
G_params = [Wzh, Whx]
D_params = [Wxh, Why]
params = G_params + D_params


def G(z):
    return torch.sigmoid(F.relu(z @ Wzh) @ Whx)


def D(x):
    return torch.sigmoid(F.relu(x @ Wxh) @ Why)


def fill_grad():
    for p in params:
        if p.grad is None:
            p.grad = torch.zeros_like(p)


G_solver = optim.Adam(G_params, lr=1e-3)
D_solver = optim.Adam(D_params, lr=1e-3)
ones, zeros = torch.ones(8, 1), torch.zeros(8, 1)

for it in range(100000):
    z = torch.randn(8, 16)
    X = torch.rand(8, 64)
    D_loss = F.binary_cross_entropy(D(X), ones) + F.binary_cross_entropy(D(G(z)), zeros)
    D_loss.backward()
    D_solver.step()
    fill_grad()

    G_loss = F.binary_cross_entropy(D(G(torch.randn(8, 16))), ones)
    G_loss.backward()
    G_solver.step()
    fill_grad()
