# expect: clean
"""A base trainer whose epoch loop runs each subclass's `train_step`."""


class BaseTrainer:
    def __init__(self, model, loader, epochs):
        self.model = model
        self.loader = loader
        self.epochs = epochs

    def train_step(self, batch, step):
        raise NotImplementedError

    def fit(self):
        for _ in range(self.epochs):
            for step, batch in enumerate(self.loader):
                self.train_step(batch, step)
