"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG204 20:9, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

The scheduler comes back from a same-file factory next to its optimizer and is stepped first in the epoch.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG204 20:9
import torch


def build(model):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    lr_scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.95)
    return optimizer, lr_scheduler


def fit(model, loader, epochs):
    optimizer, lr_scheduler = build(model)
    for epoch in range(epochs):
        lr_scheduler.step()
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
