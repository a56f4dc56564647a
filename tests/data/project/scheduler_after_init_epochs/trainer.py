# expect: ZG204 23:13
"""A trainer in TTSR's shape: `train` steps the epoch's torch `StepLR` at its top, before its batch loop, except in
the initial epochs (`is_init`), which train the reconstruction alone. Whether the schedule's first value is skipped
depends on the caller: main.py runs the initial epochs first, so the optimizer has stepped before the first
`scheduler.step()` (clean); main_without_init.py starts with the main epochs, so the first `scheduler.step()` comes
before any `optimizer.step()` (ZG204 here, where the step is)."""

import torch


class Trainer:
    def __init__(self, model, loader, decay):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=decay, gamma=0.5)

    def reconstruction(self, lr, hr):
        return (self.model(lr) - hr).abs().mean()

    def train(self, current_epoch=0, is_init=False):
        if not is_init:
            self.scheduler.step()
        for lr, hr in self.loader:
            self.optimizer.zero_grad()
            loss = self.reconstruction(lr, hr)
            if not is_init:
                loss = loss + 0.01 * self.model(lr).pow(2).mean()
            loss.backward()
            self.optimizer.step()
