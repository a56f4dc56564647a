"""A check function (backward, step, no clear) called twice in a row for two optimizer classes: two calls are not a loop.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

x = torch.randn(4, 2)


def check(opt_cls):
    model = nn.Linear(2, 2)
    opt = opt_cls(model.parameters(), lr=0.1)
    loss = model(x).sum()
    loss.backward()
    opt.step()
    return model.weight.detach().clone()


def test_optimizers():
    a = check(torch.optim.SGD)
    b = check(torch.optim.Adam)
    assert a.shape == b.shape
