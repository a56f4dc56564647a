"""A while loop steps before the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG201 17:5
import torch
from torch import nn

net = nn.Linear(3, 1)
opt = torch.optim.Adam(net.parameters())
data = torch.randn(100, 3)
i = 0
while i < 10:
    opt.zero_grad()
    batch = data[i * 10:(i + 1) * 10]
    loss = net(batch).pow(2).mean()
    opt.step()
    loss.backward()
    i += 1
