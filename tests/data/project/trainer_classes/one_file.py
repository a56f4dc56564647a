# expect: ZG101 38:9
"""A base class and two subclasses in one module: the loop is checked once for each subclass."""

import torch


class Loop:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)

    def run(self, loader, epochs):
        for _ in range(epochs):
            for batch in loader:
                self.update(batch)

    def update(self, batch):
        pass


class Cleared(Loop):
    def update(self, batch):
        self.optimizer.zero_grad(set_to_none=True)
        self.model(batch).sum().backward()
        self.optimizer.step()


class ClearedAfter(Cleared):
    def update(self, batch):
        self.model(batch).sum().backward()
        self.optimizer.step()
        self.optimizer.zero_grad()


class Forgotten(Loop):
    def update(self, batch):
        self.model(batch).sum().backward()
        self.optimizer.step()
