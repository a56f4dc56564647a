"""Runnable, correct accumulation: the guarded step and clear live in a maybe_step helper.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

ACCUM = 2
torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)


def maybe_step(i):
    if (i + 1) % ACCUM == 0:
        opt.step()
        opt.zero_grad()


for i in range(8):
    x, y = torch.randn(4, 4), torch.randn(4, 1)
    (nn.functional.mse_loss(model(x), y) / ACCUM).backward()
    maybe_step(i)
