# expect: ZG501 30:9
"""The twin: the torch method forgets to divide its loss (a true ZG501 at its backward); the engine method is as in
runner.py and is still not the torch step's backward."""

import deepspeed

from optimizers import make_optimizer


class UndividedRunner:
    def __init__(self, backend, accum, epochs):
        self.backend = backend
        self.accum = accum
        self.epochs = epochs
        self.count = 0

    def fit(self, model, loader):
        optimizer = make_optimizer(model.parameters(), 1e-4)
        if self.backend == "deepspeed":
            model, optimizer, _, _ = deepspeed.initialize(model=model, optimizer=optimizer)
        for epoch in range(self.epochs):
            for batch in loader:
                if self.backend == "torch":
                    self.torch_step(batch, model, optimizer)
                else:
                    self.engine_step(batch, model)

    def torch_step(self, batch, model, optimizer):
        loss = model(batch).mean()
        loss.backward()
        if (self.count + 1) % self.accum == 0:
            optimizer.step()
            optimizer.zero_grad()
            self.count = 0
        else:
            self.count += 1

    def engine_step(self, batch, model):
        loss = model(batch).mean()
        model.backward(loss)
        if (self.count + 1) % self.accum == 0:
            self.count = 0
            model.step()
        else:
            self.count += 1
