# expect: ZG501 13:9
"""A task of the `loops` package's trainer (`from loops import AccumTrainer`, re-exported by a star import): its
`train_step` backpropagates each batch's whole loss while the base steps every `accum_steps` batches."""

import torch

from loops import AccumTrainer


class Regression(AccumTrainer):
    def train_step(self, batch):
        inputs, targets = batch
        torch.nn.functional.mse_loss(self.model(inputs), targets).backward()


if __name__ == "__main__":
    Regression(torch.nn.Linear(4, 1), [(torch.randn(2, 4), torch.randn(2, 1))] * 8).fit()
