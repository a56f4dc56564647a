# expect: clean
"""A small trainer that calls each of its callbacks at fixed points of the iteration (`for cb in
self.callbacks: cb.on_after_backward(self)`): which callbacks run is the caller's list, not known here."""


class Trainer:
    def __init__(self, model, optimizer, loss_fn, callbacks=()):
        self.model = model
        self.optimizer = optimizer
        self.loss_fn = loss_fn
        self.callbacks = list(callbacks)
        self.global_step = 0

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for batch in loader:
                self.optimizer.zero_grad()
                inputs, targets = batch
                loss = self.loss_fn(self.model(inputs), targets)
                loss.backward()
                for cb in self.callbacks:
                    cb.on_after_backward(self)
                self.optimizer.step()
                for cb in self.callbacks:
                    cb.on_batch_end(self, loss.detach())
                self.global_step += 1
