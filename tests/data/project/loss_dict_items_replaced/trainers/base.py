# expect: clean
"""A base trainer whose epoch loop runs the subclass's `_train_step` under Accelerate and sums what it returns."""

import torch
from accelerate import Accelerator


class BaseTrainer:
    def __init__(self, model, loader, lr):
        self.accelerator = Accelerator()
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
        self.model, self.optimizer, self.loader = self.accelerator.prepare(model, self.optimizer, loader)

    def _train_step(self, batch):
        raise NotImplementedError

    def _train_epoch(self):
        total = 0.0
        per_term = {}
        for batch in self.loader:
            loss, terms = self._train_step(batch)
            self.accelerator.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
            total += loss.item()
            for name, value in terms.items():
                if name not in per_term:
                    per_term[name] = value
                else:
                    per_term[name] += value
        return total, per_term
