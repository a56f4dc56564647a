# expect: ZG501 22:17
"""A base trainer backpropagates each micro-batch's loss of `self.loss()`, which the base leaves to its subclasses,
then steps once: `SFTTrainer`'s loss, a mean over one micro-batch, is not divided by their number. The loss of the
base's backward is what the override inlined for the subclass returns (`losses.Helpers`), not the base's own `loss()`,
which raises (its returns were looked up by name in the module the backward is written in: none, unknown)."""

import torch


class MicroBatchTrainer:
    def __init__(self, model, num_mb, lr=1e-5):
        self.model = model
        self.num_mb = num_mb
        self.opt = torch.optim.AdamW(model.parameters(), lr=lr)

    def loss(self, microbatch):
        raise NotImplementedError

    def learn(self, loader):
        for batch in loader:
            for microbatch in batch.chunk(self.num_mb):
                self.loss(microbatch).backward()
            self.opt.step()
            self.opt.zero_grad()


class SFTTrainer(MicroBatchTrainer):
    def loss(self, microbatch):
        return torch.nn.functional.mse_loss(self.model(microbatch[:, :-1]), microbatch[:, -1:])


class AveragedSFTTrainer(MicroBatchTrainer):
    def loss(self, microbatch):
        return torch.nn.functional.mse_loss(self.model(microbatch[:, :-1]), microbatch[:, -1:]) / self.num_mb
