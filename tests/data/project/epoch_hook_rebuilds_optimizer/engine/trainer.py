# expect: ZG601 18:16
"""The base trainer: it builds its optimizer over the parameters that require grad, calls `on_epoch_start` before
each epoch's batches (subclasses override it), and steps once per batch. Reported here: the construction that
schedules/step_decay.py's override runs again at the start of every epoch."""

import torch


class Trainer:
    def __init__(self, model, loader, cfg):
        self.model = model
        self.loader = loader
        self.cfg = cfg
        self.optimizer = self.build_optimizer(cfg.lr)

    def build_optimizer(self, lr):
        params = [p for p in self.model.parameters() if p.requires_grad]
        return torch.optim.AdamW(params, lr=lr, weight_decay=self.cfg.weight_decay)

    def on_epoch_start(self, epoch):
        pass

    def train_step(self, batch):
        self.optimizer.zero_grad()
        inputs, targets = batch
        loss = torch.nn.functional.cross_entropy(self.model(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def fit(self):
        for epoch in range(self.cfg.epochs):
            self.on_epoch_start(epoch)
            for batch in self.loader:
                self.train_step(batch)
