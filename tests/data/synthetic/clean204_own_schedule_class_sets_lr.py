"""A schedule class of the file's own (not derived from torch's) that sets each group's `lr` itself.

It is stepped at the top of the epoch, before the optimizer's first step; it skips nothing, since
it is no PyTorch LR scheduler (RULES.md ZG204): not reported.
"""
# expect: clean
import math

import torch


class WarmupCosine(object):
    def __init__(self, optimizer, base_lr, warmup_epochs, epochs):
        self.optimizer = optimizer
        self.base_lr = base_lr
        self.warmup_epochs = warmup_epochs
        self.epochs = epochs
        self.epoch = 0

    def step(self):
        if self.epoch < self.warmup_epochs:
            lr = self.base_lr * (self.epoch + 1) / self.warmup_epochs
        else:
            progress = (self.epoch - self.warmup_epochs) / max(1, self.epochs - self.warmup_epochs)
            lr = 0.5 * self.base_lr * (1 + math.cos(math.pi * progress))
        for group in self.optimizer.param_groups:
            group["lr"] = lr
        self.epoch += 1


def train(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    schedule = WarmupCosine(optimizer, 1e-3, warmup_epochs=5, epochs=epochs)
    for epoch in range(epochs):
        schedule.step()
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
