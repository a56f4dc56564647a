# expect: clean
"""A base trainer whose loop steps every `accum_steps` batches: each batch's `train_step` backpropagates its loss."""

import torch

__all__ = ["AccumTrainer"]


def _every(step, count):
    return (step + 1) % count == 0


class AccumTrainer:
    def __init__(self, model, loader, accum_steps=4, epochs=1):
        self.model = model
        self.loader = loader
        self.accum_steps = accum_steps
        self.epochs = epochs
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def train_step(self, batch):
        raise NotImplementedError

    def fit(self):
        for epoch in range(self.epochs):
            for step, batch in enumerate(self.loader):
                self.train_step(batch)
                if _every(step, self.accum_steps):
                    self.optimizer.step()
                    self.optimizer.zero_grad()
