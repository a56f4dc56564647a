"""Runnable, correct: a while loop with an early `break` before the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(2, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(32, 2)
y = x.sum(dim=1, keepdim=True)
step = 0
while True:
    opt.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    if loss.item() < 1e-3 or step >= 5:
        break
    loss.backward()
    opt.step()
    step += 1
