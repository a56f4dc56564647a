"""CosineAnnealingWarmRestarts stepped with a fractional epoch after the optimizer's step (as the PyTorch docs show).

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
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
            scheduler.step(epoch + i / iters)
