# expect: clean
"""The base trainer: the optimizer and the schedule built in `__init__` (engine/schedules.py's factory), and a loop
that calls `on_epoch_start` and `on_epoch_end` around each epoch's batches (the subclasses' hooks)."""

import torch

from .schedules import build_scheduler


class BaseTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
        self.scheduler = build_scheduler(cfg, self.optimizer)

    def on_epoch_start(self, epoch):
        pass

    def on_epoch_end(self, epoch):
        pass

    def fit(self, loader):
        for epoch in range(self.cfg.epochs):
            self.on_epoch_start(epoch)
            for x, y in loader:
                self.optimizer.zero_grad()
                loss = torch.nn.functional.cross_entropy(self.model(x), y)
                loss.backward()
                self.optimizer.step()
            self.on_epoch_end(epoch)
