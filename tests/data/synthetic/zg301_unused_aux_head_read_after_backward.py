"""The model's forward uses its aux head only on some paths; every .grad is scaled after the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG301 33:13
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self, use_aux):
        super().__init__()
        self.body = nn.Linear(8, 8)
        self.out = nn.Linear(8, 1)
        self.aux = nn.Linear(8, 1)
        self.use_aux = use_aux

    def forward(self, x):
        h = torch.relu(self.body(x))
        y = self.out(h)
        if self.use_aux:
            y = y + self.aux(h)
        return y


def train(loader, scale):
    model = Net(use_aux=False)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        for p in model.parameters():
            p.grad.mul_(scale)
        opt.step()
