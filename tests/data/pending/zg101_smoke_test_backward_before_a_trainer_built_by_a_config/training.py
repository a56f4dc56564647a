# expect: ZG101 38:13
"""jannerm/diffuser's diffuser/utils/training.py, reduced: `Trainer.train` sums `gradient_accumulate_every`
micro-batches, divided, then steps and clears. Nothing clears before the first window, so the first step also
applies the gradients of the smoke test's backward that train.py runs before training (RULES.md ZG101: a step
applying gradients of a backward before the loop that nothing cleared)."""

import importlib

import torch


class Config:
    """diffuser's `utils.Config`: a class named by its path, built with the arguments it was given when called."""

    def __init__(self, path, **kwargs):
        module, name = path.rsplit(".", 1)
        self._class = getattr(importlib.import_module(module), name)
        self._dict = kwargs

    def __call__(self, *args):
        return self._class(*args, **self._dict)


class Trainer:
    def __init__(self, diffusion_model, dataloader, gradient_accumulate_every=2, train_lr=2e-5):
        self.model = diffusion_model
        self.dataloader = dataloader
        self.gradient_accumulate_every = gradient_accumulate_every
        self.optimizer = torch.optim.Adam(diffusion_model.parameters(), lr=train_lr)

    def train(self, n_train_steps):
        for step in range(n_train_steps):
            for i in range(self.gradient_accumulate_every):
                batch = next(self.dataloader)
                loss = self.model(batch).pow(2).mean()
                loss = loss / self.gradient_accumulate_every
                loss.backward()
            self.optimizer.step()
            self.optimizer.zero_grad()
