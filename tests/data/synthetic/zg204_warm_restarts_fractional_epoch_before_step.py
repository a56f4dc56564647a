"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, precision-roles 6934a94, new-rules 4a6f147, runtime 763d6f4: expected ZG204 17:13, got clean (on main); passes on: no branch scored.

CosineAnnealingWarmRestarts stepped with a fractional epoch before the optimizer's step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG204 17:13
import torch


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(optimizer, T_0=10)
    iters = len(loader)
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            scheduler.step(epoch + i / iters)
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
