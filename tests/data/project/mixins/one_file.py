# expect: clean
"""cleared_by_loop.py with the mixin in the same file."""


class StepMixin:
    def train_step(self, batch):
        loss = self.model(*batch)
        loss.backward()
        self.optimizer.step()


class Trainer(StepMixin):
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for batch in loader:
                self.optimizer.zero_grad()
                self.train_step(batch)
