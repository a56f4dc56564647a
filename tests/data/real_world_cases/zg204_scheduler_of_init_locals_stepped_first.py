"""A trainer whose `__init__` builds the optimizer and its schedule as locals and keeps them on `self`
(`self.optimizer = optimizer`, `self.scheduler = scheduler`): the epoch loop steps the schedule at its top, before the
batch loop's first `optimizer.step()`, so the schedule's first value is skipped. The schedule's optimizer is read in
`__init__`'s words, where the alias was written.

Modelled on the Trainer classes of Accelerate-based projects (Stability-AI/generative-models' and DL-Art-School's
trainers keep what `__init__` built the same way).
"""
# expect: ZG204 27:13

import torch


class Trainer:
    def __init__(self, model, loader, epochs):
        self.model = model
        self.loader = loader
        self.epochs = epochs
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
        self.optimizer = optimizer
        self.scheduler = scheduler

    def fit(self):
        for epoch in range(self.epochs):
            self.model.train()
            self.scheduler.step()
            for x, y in self.loader:
                self.optimizer.zero_grad()
                loss = torch.nn.functional.mse_loss(self.model(x), y)
                loss.backward()
                self.optimizer.step()
