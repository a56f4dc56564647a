# expect: clean
"""A base trainer (the shape of ultralytics' BaseTrainer): `_do_train` scales each batch's loss, and every
`self.accumulate` batches calls `self.optimizer_step()`, which unscales, clips, steps through the scaler and clears.
Task trainers subclass it with their own model and loss (models/)."""

import math

import torch
from torch import nn, optim


class BaseTrainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.epochs = cfg.epochs
        self.amp = cfg.amp
        self.model = None
        self.loss_items = None

    def build_optimizer(self, model, lr, momentum):
        groups = [p for p in model.parameters() if p.requires_grad]
        return optim.SGD(groups, lr=lr, momentum=momentum, nesterov=True)

    def _setup_train(self):
        self.model = self.get_model(self.cfg)
        self.accumulate = max(round(self.cfg.nbs / self.cfg.batch), 1)
        self.optimizer = self.build_optimizer(self.model, self.cfg.lr0, self.cfg.momentum)
        self.scheduler = optim.lr_scheduler.LambdaLR(self.optimizer, lr_lambda=lambda x: 1 - x / self.epochs)
        self.scaler = torch.amp.GradScaler("cuda", enabled=self.amp)
        self.train_loader = self.get_dataloader(self.cfg.data, self.cfg.batch)

    def _do_train(self):
        self._setup_train()
        nb = len(self.train_loader)
        last_opt_step = -1
        self.optimizer.zero_grad()
        for epoch in range(self.epochs):
            self.model.train()
            for i, batch in enumerate(self.train_loader):
                ni = i + nb * epoch
                with torch.autocast("cuda", enabled=self.amp):
                    batch = self.preprocess_batch(batch)
                    loss, self.loss_items = self.compute_loss(batch)
                self.scaler.scale(loss).backward()
                if ni - last_opt_step >= self.accumulate:
                    self.optimizer_step()
                    last_opt_step = ni
            self.scheduler.step()
            if not math.isfinite(self.loss_items.sum().item()):
                break

    def optimizer_step(self):
        self.scaler.unscale_(self.optimizer)
        nn.utils.clip_grad_norm_(self.model.parameters(), max_norm=10.0)
        self.scaler.step(self.optimizer)
        self.scaler.update()
        self.optimizer.zero_grad()

    def preprocess_batch(self, batch):
        return batch

    def compute_loss(self, batch):
        raise NotImplementedError

    def get_model(self, cfg):
        raise NotImplementedError

    def get_dataloader(self, path, batch_size):
        raise NotImplementedError
