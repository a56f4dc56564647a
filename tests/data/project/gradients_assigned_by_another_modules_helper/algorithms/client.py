# expect: ZG102 28:9
"""The twin: the corrected vector is written into the weights (`assign_weights`, which touches no `.grad`), so the
clear after the backward leaves the step nothing to apply."""

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
        weights = torch.cat([p.detach().view(-1) for p in self.model.parameters()])
        self.model = assign_weights(self.model, weights - 0.01 * (grad_batch - self.c_i + self.c))
        self.optimizer.zero_grad()
        self.optimizer.step()
