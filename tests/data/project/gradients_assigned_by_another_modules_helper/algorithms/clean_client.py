# expect: clean
"""A SCAFFOLD client's step: the batch's gradient is read, cleared, corrected by the control variates and written
back by another module's helper (`assign_grads`, a star import), then stepped. The clear between the backward and the
step throws nothing away: the step applies the gradients the helper wrote."""

import torch

from algorithms.utils import *


class ClientTrainer:
    def __init__(self, model, loader, c, c_i):
        self.model, self.loader, self.c, self.c_i = model, loader, c, c_i
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        self.criterion = torch.nn.CrossEntropyLoss()

    def train(self, epochs):
        for _ in range(epochs):
            for data, targets in self.loader:
                self._scaffold_step(data, targets)

    def _scaffold_step(self, data, targets):
        self.optimizer.zero_grad()
        loss = self.criterion(self.model(data), targets)
        loss.backward()
        grad_batch = flatten_grads(self.model).detach().clone()
        self.optimizer.zero_grad()
        grad_batch = grad_batch - self.c_i + self.c
        self.model = assign_grads(self.model, grad_batch)
        self.optimizer.step()
