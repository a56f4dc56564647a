# expect: clean
"""One loop for two back ends, chosen once (`self.backend` is never assigned in the loop): the torch method divides its
loss and steps the factory's optimizer under the accumulation guard; the DeepSpeed method's engine scales the loss by
itself and steps alone. A run takes one branch in every iteration: the engine's backward never feeds the torch step."""

import deepspeed

from optimizers import make_optimizer


class Runner:
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
        loss = model(batch).mean() / self.accum
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
