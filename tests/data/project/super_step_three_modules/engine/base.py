# expect: clean
"""The loop: the base clears, each subclass's `training_step` does the rest (a chain of `super()` calls across three
modules)."""

import torch


class BaseTrainer:
    def __init__(self, model, loader, lr=1e-3):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr)

    def fit(self, epochs):
        for _ in range(epochs):
            for batch in self.loader:
                self.optimizer.zero_grad(set_to_none=True)
                self.training_step(batch)

    def training_step(self, batch):
        inputs, targets = batch
        return torch.nn.functional.cross_entropy(self.model(inputs), targets)
