# expect: clean
"""A toolkit's base class: `fit` runs the subclass's `fit_batch` per batch, then evaluates each batch of the
validation set with the stage the objectives are told."""

from enum import Enum, auto


class Stage(Enum):
    TRAIN = auto()
    VALID = auto()


class Brain:
    def __init__(self, modules, optimizer):
        self.modules = modules
        self.optimizer = optimizer

    def compute_forward(self, batch, stage):
        raise NotImplementedError

    def compute_objectives(self, outputs, batch, stage):
        raise NotImplementedError

    def fit_batch(self, batch):
        raise NotImplementedError

    def evaluate_batch(self, batch, stage):
        outputs = self.compute_forward(batch, stage)
        return self.compute_objectives(outputs, batch, stage).detach()

    def fit(self, epochs, train_set, valid_set):
        for epoch in range(epochs):
            for batch in train_set:
                self.fit_batch(batch)
            for batch in valid_set:
                self.evaluate_batch(batch, Stage.VALID)
