# expect: ZG204 12:9
"""The epoch loop of a script: the factory's schedule (PyTorch's) is stepped at the top of each epoch, before the
first `sgd.step()`."""

import schedules.factories as factories


def fit(cfg, model, loader):
    sgd = factories.build_optimizer(cfg, model)
    schedule = factories.build_lr_scheduler(cfg, sgd)
    for epoch in range(cfg.epochs):
        schedule.step()
        train_epoch(model, loader, sgd)


def train_epoch(model, loader, sgd):
    for inputs, targets in loader:
        sgd.zero_grad()
        model(inputs, targets).backward()
        sgd.step()
