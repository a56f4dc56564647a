# expect: clean
"""The twin: the schedule is stepped after each epoch's batches."""

import torch

from engine import evaluate, train_one_epoch


def main(cfg, model, train_loader, val_loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30, gamma=0.1)
    criterion = torch.nn.CrossEntropyLoss()
    for epoch in range(cfg.epochs):
        train_one_epoch(model, train_loader, optimizer, criterion, cfg.device)
        scheduler.step()
        print(epoch, evaluate(model, val_loader, cfg.device))
