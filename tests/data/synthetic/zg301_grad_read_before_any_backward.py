"""Gradient statistics printed before the first backward of the run.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG301 11:30
import torch
from torch import nn

net = nn.Linear(3, 3)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
print("initial grad norms", [p.grad.norm() for p in net.parameters()])
for x in [torch.randn(2, 3) for _ in range(3)]:
    opt.zero_grad()
    net(x).sum().backward()
    opt.step()
