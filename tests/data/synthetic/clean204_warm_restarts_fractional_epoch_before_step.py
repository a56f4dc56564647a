"""CosineAnnealingWarmRestarts stepped with a fractional epoch before the optimizer's step.

Relabelled with the revised RULES.md (issue 25): `scheduler.step(epoch)` with an explicit epoch computes
that epoch's value, nothing is skipped: not reported.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
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
