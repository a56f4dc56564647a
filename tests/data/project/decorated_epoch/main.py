# expect: ZG204 18:9
"""The schedule is stepped at the top of each epoch, before that epoch's batches step the optimizer (in
engine/epochs.py, behind a timing decorator): the first epoch already runs at the second value of the schedule."""

import torch

from engine import evaluate, train_one_epoch


def main(cfg, model, train_loader, val_loader):
    device = torch.device(cfg.device)
    model.to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30, gamma=0.1)
    criterion = torch.nn.CrossEntropyLoss()
    best = 0.0
    for epoch in range(cfg.epochs):
        scheduler.step()
        train_one_epoch(model, train_loader, optimizer, criterion, device)
        best = max(best, evaluate(model, val_loader, device))
    return best
