# expect: clean
"""The twin of zg501_loss_of_the_subclass_override.py: the only subclass's `loss()` divides by the number of
micro-batches: the loss of the base's backward is what the override returns, divided."""

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


class AveragedSFTTrainer(MicroBatchTrainer):
    def loss(self, microbatch):
        return torch.nn.functional.mse_loss(self.model(microbatch[:, :-1]), microbatch[:, -1:]) / self.num_mb
