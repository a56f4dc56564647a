# expect: ZG104 31:9
# expect: ZG104 46:9
"""Networks held in containers whose names say nothing of a model: a dict a method of the class builds of the
project's `nn.Module`s and torch's (`self.heads = self._build_heads()`), and an `nn.ModuleDict`. Calling an element
runs that module's forward, so each clear after it and before the loss's backward is ZG104 (opt-in)."""

import torch
import torch.nn.functional as F
from torch import nn


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(8, 1)

    def forward(self, x):
        return self.body(x)


class MultiHead:
    def __init__(self):
        self.heads = self._build_heads()
        self.optimizer = torch.optim.Adam([p for head in self.heads.values() for p in head.parameters()])

    def _build_heads(self):
        return {"score": Scorer(), "shift": nn.Linear(8, 8)}

    def train_step(self, x, y):
        out = self.heads["score"](x)
        self.optimizer.zero_grad()
        loss = F.mse_loss(out, y)
        loss.backward()
        self.optimizer.step()

    def fit(self, loader):
        for x, y in loader:
            self.train_step(x, y)


def train(loader):
    towers = nn.ModuleDict({"left": nn.Linear(8, 1), "right": nn.Linear(8, 1)})
    optimizer = torch.optim.SGD(towers.parameters(), lr=0.1)
    for x, y in loader:
        pred = towers["left"](x) + towers["right"](x)
        optimizer.zero_grad()
        loss = F.l1_loss(pred, y)
        loss.backward()
        optimizer.step()
