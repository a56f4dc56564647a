# expect: ZG103 18:9
"""The twin of clean103_zeros_written_after_a_clear_to_none_for_reptile.py: the meta optimizer is cleared with
`set_to_none=False`, which leaves each parameter a zero tensor already, so the new zero tensors written right after
have nothing to do (RULES.md ZG103, at the second clear)."""

import copy

import torch
from torch import nn

model = nn.Linear(8, 4)
opt = torch.optim.SGD(model.parameters(), lr=1.0)
tasks = [(torch.randn(16, 8), torch.randn(16, 4)) for _ in range(4)]

for iteration in range(100):
    opt.zero_grad(set_to_none=False)
    for p in model.parameters():
        p.grad = torch.zeros_like(p.data)
    for x, y in tasks:
        learner = copy.deepcopy(model)
        adapt_opt = torch.optim.Adam(learner.parameters(), lr=1e-3)
        for _ in range(5):
            adapt_opt.zero_grad()
            nn.functional.mse_loss(learner(x), y).backward()
            adapt_opt.step()
        for p, l in zip(model.parameters(), learner.parameters()):
            if p.grad is not None:
                p.grad.data.add_(p.data - l.data)
    opt.step()
