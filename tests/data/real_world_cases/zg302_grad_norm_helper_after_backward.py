"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, new-rules 4a6f147, runtime 763d6f4: expected ZG302 14:27, got ZG301 14:27 (on main); passes on: precision-roles f58db55.

A grad_norm helper called after the backward over an nn.Sequential.

Held-out case (redteam), labelled from RULES.md.
"""
# needs: --extend-select ZG302
# expect: ZG302 14:27
import torch
from torch import nn


def grad_norm(model):
    return torch.sqrt(sum(p.grad.pow(2).sum() for p in model.parameters()))


def train(loader):
    model = nn.Sequential(nn.Linear(4, 4), nn.Tanh(), nn.Linear(4, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        print(grad_norm(model).item())
        opt.step()
