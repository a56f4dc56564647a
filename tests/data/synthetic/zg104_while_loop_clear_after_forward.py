"""A while loop clears after computing the loss.

Held-out case (redteam), labelled from RULES.md.
"""
# needs: --extend-select ZG104
# expect: ZG104 18:5
import torch
from torch import nn

net = nn.Linear(2, 1)
opt = torch.optim.Adam(net.parameters())
x = torch.randn(32, 2)
y = x.sum(dim=1, keepdim=True)
loss_value = 1.0
while loss_value > 1e-3:
    out = net(x)
    loss = ((out - y) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    loss_value = loss.item()
