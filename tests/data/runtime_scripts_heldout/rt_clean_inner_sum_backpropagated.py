"""Runnable, correct: an inner loop sums losses into a tensor that is backpropagated once.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for _ in range(3):
    opt.zero_grad()
    total = 0
    for piece in torch.randn(12, 4).chunk(3):
        total = total + model(piece).pow(2).mean()
    total.backward()
    opt.step()
