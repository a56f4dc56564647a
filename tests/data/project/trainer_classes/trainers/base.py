# expect: clean
"""A trainer whose loop calls a step each subclass writes: checked here it has no step, and stays silent."""


class Trainer(object):
    def __init__(self, model, optimizer, epochs):
        self.model = model
        self.optimizer = optimizer
        self.epochs = epochs

    def fit(self, loader):
        for epoch in range(self.epochs):
            for batch in loader:
                self.train_step(batch)
            self.on_epoch_end(epoch)

    def train_step(self, batch):
        raise NotImplementedError

    def on_epoch_end(self, epoch):
        pass
