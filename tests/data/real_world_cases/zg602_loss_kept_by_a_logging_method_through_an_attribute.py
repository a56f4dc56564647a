"""A trainer that keeps the loss it backpropagated on the instance, for a logging method to append to the epoch's
statistics: every batch's autograd graph stays alive until the epoch ends.

Shape of mir-group/nequip's `Trainer` before PR 1 "Detach all losses that get saved" (73bd958): `batch_step` sets
`self.batch_loss = loss` after the step and calls `end_of_batch_log`, which appends `self.batch_loss` to a list kept on
the instance (RULES.md ZG602: a tensor given to a backward added into a variable that outlives the iteration). The
copy is the very tensor of the backward, read back in another method. main 859447a reports nothing.
"""
# expect: ZG602 33:9
import torch
from torch import nn


class Trainer:
    def __init__(self, model: nn.Module, lr: float = 0.01):
        self.model = model
        self.optim = torch.optim.Adam(model.parameters(), lr=lr)
        self.loss_fn = nn.MSELoss()
        self.losses: list = []

    def batch_step(self, x, y):
        self.optim.zero_grad()
        out = self.model(x)
        loss = self.loss_fn(out, y)
        loss.backward()
        self.optim.step()
        self.batch_loss = loss
        self.end_of_batch_log()

    def end_of_batch_log(self):
        print(f"loss {self.batch_loss:8.3f}")
        # the epoch's statistics keep each batch's loss
        self.losses.append(self.batch_loss)

    def epoch(self, loader):
        for x, y in loader:
            self.batch_step(x, y)
