# expect: clean
"""The twin of zg601_override_without_lifecycle_words_rebuilds_optimizer.py: the subclass's `on_epoch_start` applies
the step decay to the learning rate of the optimizer the base built once, keeping its moments."""

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


class StepDecayTrainer(Trainer):
    def on_epoch_start(self, epoch):
        for group in self.optimizer.param_groups:
            group["lr"] = self.cfg.lr * self.cfg.gamma ** (epoch // self.cfg.step_size)
