# expect: clean
"""The twin of train_engine.py: the loss divided by the batches the base accumulates."""

import torch

from engine import AccumTrainer


class Regression(AccumTrainer):
    def train_step(self, batch):
        inputs, targets = batch
        loss = torch.nn.functional.mse_loss(self.model(inputs), targets)
        (loss / self.accum_steps).backward()


if __name__ == "__main__":
    Regression(torch.nn.Linear(4, 1), [(torch.randn(2, 4), torch.randn(2, 1))] * 8).fit()
