# expect: clean
"""The base runner (SpareNet's runners/base_runner.py): `train` runs the subclass's `train_step` on each batch of the
epoch, the meter reset at its start."""


class BaseRunner:
    def __init__(self, model, loader):
        self.model = model
        self.train_loader = loader
        self.losses = None

    def train_step(self, items):
        raise NotImplementedError

    def train(self):
        self.losses.reset()
        for items in enumerate(self.train_loader):
            self.train_step(items)
        return self.losses.avg()
