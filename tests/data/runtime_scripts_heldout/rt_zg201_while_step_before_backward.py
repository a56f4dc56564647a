"""Runnable: a while loop steps before its backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG201 17:5
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Linear(3, 1)
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
data = torch.randn(40, 3)
i = 0
while i < 4:
    opt.zero_grad()
    loss = net(data[i * 10:(i + 1) * 10]).pow(2).mean()
    opt.step()
    loss.backward()
    i += 1
