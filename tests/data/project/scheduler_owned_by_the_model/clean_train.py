# expect: clean
"""model.py's clean twin: the schedule the model owns is stepped after the epoch's batches, once its optimizer has
stepped; and a model whose schedule `__init__` builds on an optimizer it is handed (not one of its own attributes) is
not known to share it with `model.optimizer`: unknown, silent."""

import torch
from torch import nn

from model import SessionGraph, to_device


class HandedSchedule(nn.Module):
    def __init__(self, optimizer_of_another_model):
        super().__init__()
        self.linear = nn.Linear(16, 16)
        self.optimizer = torch.optim.Adam(self.parameters(), lr=1e-3)
        self.scheduler = torch.optim.lr_scheduler.StepLR(optimizer_of_another_model, step_size=3)

    def forward(self, x):
        return self.linear(x)


def train_then_schedule(model, batches):
    model.train()
    for sessions, targets in batches:
        model.optimizer.zero_grad()
        loss = model.loss_function(model(sessions), targets)
        loss.backward()
        model.optimizer.step()
    model.scheduler.step()


def train_handed(model, batches):
    model.scheduler.step()
    for x, y in batches:
        model.optimizer.zero_grad()
        loss = (model(x) - y).pow(2).mean()
        loss.backward()
        model.optimizer.step()


def main(batches, epochs, other):
    model = to_device(SessionGraph(100, 16))
    handed = HandedSchedule(other)
    for epoch in range(epochs):
        train_then_schedule(model, batches)
        train_handed(handed, batches)
