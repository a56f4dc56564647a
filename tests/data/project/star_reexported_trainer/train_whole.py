# expect: ZG501 13:9
"""The `loops` package imported whole (`import loops`, `loops.AccumTrainer`): its star import of a module without
`__all__` re-exports the trainer, whose loop steps every `accum_steps` batches of this undivided loss."""

import torch

import loops


class Regression(loops.AccumTrainer):
    def train_step(self, batch):
        inputs, targets = batch
        torch.nn.functional.mse_loss(self.model(inputs), targets).backward()


if __name__ == "__main__":
    Regression(torch.nn.Linear(4, 1), [(torch.randn(2, 4), torch.randn(2, 1))] * 8).fit()
