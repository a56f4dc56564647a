# expect: ZG204 13:13
"""The warm-up of `warmup_for` (a subclass of PyTorch's scheduler) stepped before the optimizer in each iteration:
its first value is skipped."""

from schedules.factories import build_optimizer, warmup_for


def fit(cfg, model, loader):
    optimizer = build_optimizer(cfg, model)
    warmup = warmup_for(cfg, optimizer)
    for epoch in range(cfg.epochs):
        for inputs, targets in loader:
            warmup.step()
            optimizer.zero_grad()
            model(inputs, targets).backward()
            optimizer.step()
