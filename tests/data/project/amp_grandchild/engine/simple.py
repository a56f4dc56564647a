# expect: clean
"""One level down: a trainer with a model, a data iterator and an optimizer."""

from engine.base import IterationLoop


class SimpleTrainer(IterationLoop):
    def __init__(self, model, data_loader, optimizer, max_iter):
        super().__init__(max_iter)
        self.model = model
        self.data_iter = iter(data_loader)
        self.optimizer = optimizer

    def compute_losses(self):
        batch = next(self.data_iter)
        return sum(self.model(batch).values())

    def run_step(self):
        self.optimizer.zero_grad()
        losses = self.compute_losses()
        losses.backward()
        self.optimizer.step()
