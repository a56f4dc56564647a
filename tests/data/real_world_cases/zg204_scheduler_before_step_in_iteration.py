"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG204 20:13, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

A per-batch OneCycleLR stepped before the optimizer in the same iteration.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG204 20:13
import torch
from torch.optim.lr_scheduler import OneCycleLR


def train(model, loader, epochs):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    sched = OneCycleLR(opt, max_lr=1e-2, total_steps=epochs * len(loader))
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            sched.step()
            opt.step()
