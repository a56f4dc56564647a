# expect: clean
"""The twin: the same loop logging with `safe_grad_norm`, which skips the gradients the clear set to None."""

from .metrics import safe_grad_norm


class SafeTrainer:
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
                self.history.append((loss.item(), safe_grad_norm(self.model).item()))
