# expect: ZG204 20:13
"""The factory in the file itself, its parameter named as the caller's optimizer is."""

import torch


def make_optimizer(model, lr):
    return torch.optim.AdamW(model.parameters(), lr=lr)


def make_lr_scheduler(optimizer, milestones):
    return torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones, gamma=0.5)


def fit(model, loader, epochs):
    optimizer = make_optimizer(model, 1e-3)
    lr_scheduler = make_lr_scheduler(optimizer, [10, 20])
    for epoch in range(epochs):
        for inputs, targets in loader:
            lr_scheduler.step()
            optimizer.zero_grad()
            model(inputs, targets).backward()
            optimizer.step()
