"""Runnable, correct: an Adam over a perturbation created in the same iteration.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 2)
for _ in range(3):
    x, y = torch.randn(8, 4), torch.randint(0, 2, (8,))
    delta = torch.zeros_like(x, requires_grad=True)
    opt = torch.optim.Adam([delta], lr=1e-2)
    for _ in range(3):
        opt.zero_grad()
        (-nn.functional.cross_entropy(model(x + delta), y)).backward()
        opt.step()
