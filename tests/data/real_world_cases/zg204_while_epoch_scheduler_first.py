"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG204 23:9, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

A while loop over epochs steps a CosineAnnealingLR before calling the epoch helper.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG204 23:9
import torch


def run_epoch(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def main(model, loader, max_epochs):
    optimizer = torch.optim.Adam(model.parameters())
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=max_epochs)
    epoch = 0
    while epoch < max_epochs:
        scheduler.step()
        run_epoch(model, loader, optimizer)
        epoch += 1
