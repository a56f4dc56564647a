# expect: clean
"""Stepped first, the project's own schedule (a plain class) and the schedules of factories that may return either
kind skip nothing PyTorch is known to: nothing is reported."""

from schedules.factories import build_any_lr_scheduler, build_epoch_lr_scheduler, build_optimizer, pick_schedule


def fit(cfg, model, loader):
    optimizer = build_optimizer(cfg, model)
    scheduler = build_epoch_lr_scheduler(cfg, optimizer)
    either = build_any_lr_scheduler(cfg, optimizer)
    picked = pick_schedule(cfg, optimizer)
    for epoch in range(cfg.epochs):
        scheduler.step()
        either.step()
        picked.step()
        for inputs, targets in loader:
            optimizer.zero_grad()
            model(inputs, targets).backward()
            optimizer.step()
