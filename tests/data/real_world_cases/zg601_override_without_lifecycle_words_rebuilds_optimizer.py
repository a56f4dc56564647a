# expect: ZG601 19:16
"""A base trainer's `fit()` calls `self.on_epoch_start(epoch)`; a subclass of the same file overrides it to apply a
step decay by building the optimizer again: AdamW's moments start from zero every epoch. The same tree across modules
is tests/data/project/epoch_hook_rebuilds_optimizer. The override's body reaches neither a backward nor a step; the
gate lets it through as a method of a subclass that `fit()`, which reaches both, calls on `self`
(`Summary.lifecycle_roots`), so `fit()` is checked for the subclass."""

import torch


class Trainer:
    def __init__(self, model, loader, cfg):
        self.model = model
        self.loader = loader
        self.cfg = cfg
        self.optimizer = self.build_optimizer(cfg.lr)

    def build_optimizer(self, lr):
        return torch.optim.AdamW(self.model.parameters(), lr=lr, weight_decay=self.cfg.weight_decay)

    def on_epoch_start(self, epoch):
        pass

    def fit(self):
        for epoch in range(self.cfg.epochs):
            self.on_epoch_start(epoch)
            for inputs, targets in self.loader:
                self.optimizer.zero_grad()
                torch.nn.functional.cross_entropy(self.model(inputs), targets).backward()
                self.optimizer.step()


class RebuildingDecayTrainer(Trainer):
    def on_epoch_start(self, epoch):
        self.optimizer = self.build_optimizer(self.cfg.lr * self.cfg.gamma ** (epoch // self.cfg.step_size))
