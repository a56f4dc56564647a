# expect: ZG204 20:9
"""A trainer that steps its schedule per batch, at the top of `train_step`: with PyTorch's one-cycle policy (built by
optim/schedules.py) the first `scheduler.step()` comes before the optimizer's first step, so the cycle's first value
is skipped."""

import torch

from optim.schedules import one_cycle


class OneCycleTrainer:
    def __init__(self, model, loader, cfg):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.max_lr / 25)
        self.scheduler = one_cycle(self.optimizer, cfg, len(loader))
        self.epochs = cfg.epochs

    def train_step(self, batch):
        self.scheduler.step()
        self.optimizer.zero_grad()
        inputs, targets = batch
        loss = torch.nn.functional.cross_entropy(self.model(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def fit(self):
        for epoch in range(self.epochs):
            for batch in self.loader:
                self.train_step(batch)
