"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG204 16:9, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

A LambdaLR warmup stepped at the start of each iteration, before the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG204 16:9
import torch
from torch.optim.lr_scheduler import LambdaLR


def train(model, loader, warmup=100):
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-4)
    scheduler = LambdaLR(optimizer, lambda s: min(1.0, (s + 1) / warmup))
    for step, batch in enumerate(loader):
        scheduler.step()
        optimizer.zero_grad()
        loss = model(batch).mean()
        loss.backward()
        optimizer.step()
