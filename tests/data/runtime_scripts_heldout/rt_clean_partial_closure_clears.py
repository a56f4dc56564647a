"""Runnable, correct: LBFGS with a functools.partial closure that clears first.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import functools

import torch
from torch import nn


def closure(model, opt, x, y):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    return loss


torch.manual_seed(0)
model = nn.Linear(3, 1)
x, y = torch.randn(16, 3), torch.randn(16, 1)
opt = torch.optim.LBFGS(model.parameters(), lr=0.1, max_iter=4)
for epoch in range(3):
    opt.step(functools.partial(closure, model, opt, x, y))
