# expect: clean
"""The base every trainer and mixin derives from: its `train_step` is abstract, its `fit` loops over the batches."""


class BaseTrainer:
    def __init__(self, model, optimizer, epochs):
        self.model = model
        self.optimizer = optimizer
        self.epochs = epochs

    def train_step(self, batch):
        raise NotImplementedError

    def fit(self, loader):
        for epoch in range(self.epochs):
            for batch in loader:
                self.train_step(batch)
