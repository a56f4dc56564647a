"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG602 18:9, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

`epoch_loss += loss * x.size(0)` keeps the graph (the product still requires grad).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG602 18:9
import torch


def train_epoch(model, loader, opt):
    epoch_loss = 0.0
    for x, y in loader:
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        epoch_loss += loss * x.size(0)
    return epoch_loss / len(loader.dataset)
