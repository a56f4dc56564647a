# expect: ZG204 39:5
"""A recommender that owns its optimizer and schedule (SR-GNN's pytorch_code/model.py, written here): `__init__` builds
`self.optimizer` and `self.scheduler = StepLR(self.optimizer, ...)`, and the module's `train_epoch(model, ...)` steps
`model.scheduler` at its top, before the batch loop's first `model.optimizer.step()`: ZG204 at the scheduler's step,
reached from main.py's epoch loop. The scheduler is an attribute of the parameter, known through the classes the
caller built (`to_device(SessionGraph(...))` or its subclass `Ranker`, through a helper handing back its argument),
whose `__init__` alone builds it on the object's own optimizer (`Resolver.instance_schedule`)."""

import torch
from torch import nn


class SessionGraph(nn.Module):
    def __init__(self, n_items, hidden):
        super().__init__()
        self.embedding = nn.Embedding(n_items, hidden)
        self.linear = nn.Linear(hidden, hidden)
        self.loss_function = nn.CrossEntropyLoss()
        self.optimizer = torch.optim.Adam(self.parameters(), lr=1e-3, weight_decay=1e-5)
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=3, gamma=0.1)

    def forward(self, sessions):
        hidden = self.linear(self.embedding(sessions).mean(1))
        return hidden @ self.embedding.weight.t()


class Ranker(SessionGraph):
    """A subclass: its instances' `scheduler` is the base's `__init__`'s."""


def to_device(variable):
    if torch.cuda.is_available():
        return variable.cuda()
    return variable


def train_epoch(model, batches):
    total_loss = 0.0
    model.scheduler.step()
    model.train()
    for sessions, targets in batches:
        model.optimizer.zero_grad()
        scores = model(sessions)
        loss = model.loss_function(scores, targets)
        loss.backward()
        model.optimizer.step()
        total_loss += loss.item()
    return total_loss
