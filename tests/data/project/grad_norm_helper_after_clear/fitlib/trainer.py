# expect: clean
"""The trainer: backward, step, then the clear; every `log_every` steps it logs the gradients' norm, after the clear
(fitlib/metrics.py's `grad_norm` then reads gradients the clear set to None)."""

from .metrics import grad_norm


class Trainer:
    def __init__(self, model, optimizer, loss_fn, log_every=50):
        self.model = model
        self.optimizer = optimizer
        self.loss_fn = loss_fn
        self.log_every = log_every
        self.history = []

    def train_epoch(self, loader):
        for step, (x, y) in enumerate(loader):
            loss = self.loss_fn(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            self.optimizer.zero_grad()
            if step % self.log_every == 0:
                self.history.append((loss.item(), grad_norm(self.model).item()))
