# expect: clean
"""wiseodd/generative-models' GAN/infogan/infogan_pytorch.py after "Update compatibility with pytorch 0.2" (dfaeea7,
issue 26), reduced: the parameters are plain tensors built with `requires_grad=True`, and `reset_grad()`, called after
each step (the original has three), gives every parameter that has a gradient a new zero tensor in its place (`p.grad =
Variable(data.new().resize_as_(data).zero_())`). Each backward therefore starts from zeros (RULES.md ZG101: nothing to
report). ZG101 was reported at the discriminator's and the generator's steps: `p.grad = value` was only a hand-written
gradient of unknown origin, which left what the gradients held in place. The twin,
zg101_zeros_written_only_where_a_gradient_is_missing.py, writes zeros only where a gradient is missing."""

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


def reset_grad():
    for p in params:
        if p.grad is not None:
            data = p.grad.data
            p.grad = Variable(data.new().resize_as_(data).zero_())


G_solver = optim.Adam(G_params, lr=1e-3)
D_solver = optim.Adam(D_params, lr=1e-3)
ones, zeros = torch.ones(8, 1), torch.zeros(8, 1)

for it in range(100000):
    z = torch.randn(8, 16)
    X = torch.rand(8, 64)
    D_loss = F.binary_cross_entropy(D(X), ones) + F.binary_cross_entropy(D(G(z)), zeros)
    D_loss.backward()
    D_solver.step()
    reset_grad()

    G_loss = F.binary_cross_entropy(D(G(torch.randn(8, 16))), ones)
    G_loss.backward()
    G_solver.step()
    reset_grad()
