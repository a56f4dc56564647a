"""The twin: the schedule stepped at the end of each epoch, after the batch loop's steps.

Modelled on the Trainer classes of Accelerate-based projects (Stability-AI/generative-models' and DL-Art-School's
trainers keep what `__init__` built the same way).
"""
# expect: clean

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
            for x, y in self.loader:
                self.optimizer.zero_grad()
                loss = torch.nn.functional.mse_loss(self.model(x), y)
                loss.backward()
                self.optimizer.step()
            self.scheduler.step()
