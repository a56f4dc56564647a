"""After the step, the optimizer and then the model are cleared at the end of the iteration.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG103 18:9
import torch
from torch import nn


def train(loader):
    net = nn.Linear(3, 3)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for x, y in loader:
        loss = nn.functional.mse_loss(net(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        net.zero_grad(set_to_none=True)
