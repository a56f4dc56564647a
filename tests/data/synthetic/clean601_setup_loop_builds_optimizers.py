"""A setup loop builds one Adam per sub-model; it steps nothing.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

models = {name: nn.Linear(4, 4) for name in ("a", "b", "c")}
optimizers = {}
for name, m in models.items():
    optimizers[name] = torch.optim.Adam(m.parameters(), lr=1e-3)


def train(loader):
    for x in loader:
        for name, m in models.items():
            optimizers[name].zero_grad()
            m(x).pow(2).mean().backward()
            optimizers[name].step()
