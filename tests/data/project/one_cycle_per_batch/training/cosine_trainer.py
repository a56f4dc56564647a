# expect: clean
"""The twin: the same trainer with the project's own warm-up schedule, which derives from no PyTorch scheduler."""

import torch

from optim.schedules import warmup_cosine


class CosineTrainer:
    def __init__(self, model, loader, cfg):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.max_lr)
        self.scheduler = warmup_cosine(self.optimizer, cfg, len(loader))
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
