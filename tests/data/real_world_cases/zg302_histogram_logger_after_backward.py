"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, new-rules 4a6f147, runtime 763d6f4: expected ZG302 30:40, got ZG301 30:40 (on main); passes on: precision-roles f58db55.

A gradient-histogram logger after the backward over a model whose class uses every parameter.

Held-out case (redteam), labelled from RULES.md.
"""
# needs: --extend-select ZG302
# expect: ZG302 30:40
import torch
from torch import nn


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 16)
        self.fc2 = nn.Linear(16, 1)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def train(loader, writer):
    model = MLP()
    optimizer = torch.optim.Adam(model.parameters())
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        for name, param in model.named_parameters():
            writer.add_histogram(name, param.grad.cpu(), step)
        optimizer.step()
