"""A trainer that keeps the loss it backpropagated on the instance and logs it as a number: nothing keeps a graph.

The twin of `zg602_loss_kept_by_a_logging_method_through_an_attribute.py`, as mir-group/nequip's `Trainer` keeps it
after PR 1 (73bd958), in three forms: `self.batch_loss = loss.detach()`, a copy appended through `.item()`, and
`loss.data` copied to a local (`.data` shares no graph). A copy of the loss is the loss only where the copy is the very
tensor (RULES.md ZG602: not reported with `.item()`, `.detach()`, or `float(...)`).
"""
# expect: clean
import torch
from torch import nn


class Trainer:
    def __init__(self, model: nn.Module, lr: float = 0.01):
        self.model = model
        self.optim = torch.optim.Adam(model.parameters(), lr=lr)
        self.loss_fn = nn.MSELoss()
        self.losses: list = []
        self.values: list = []
        self.raw: list = []

    def batch_step(self, x, y):
        self.optim.zero_grad()
        out = self.model(x)
        loss = self.loss_fn(out, y)
        loss.backward()
        self.optim.step()
        self.batch_loss = loss.detach()
        self.last_loss = loss
        data = loss.data
        self.raw.append(data)
        self.end_of_batch_log()

    def end_of_batch_log(self):
        self.losses.append(self.batch_loss)
        self.values.append(self.last_loss.item())

    def epoch(self, loader):
        for x, y in loader:
            self.batch_step(x, y)
