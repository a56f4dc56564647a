# expect: ZG602 35:17
"""Each loss term of a batch, returned by the trainer's step method, summed per key over the epoch.

Shape of MultimediaTechLab/YOLO's `ModelTrainer` before its memory-leak fix (dea5a8a): the loss object comes
from a factory of another module (factories.py), whose function returns an instance of a class of a third
(losses.py); that class's `__call__` returns the total and the dict of its terms. The terms carry the graph of
the backpropagated total, so every batch's graph stays alive until the epoch ends (ZG602). Only the class's
body, reached through the factory across two modules, shows the terms are the loss's.
"""

from collections import defaultdict

from factories import build_loss, build_optimizer


class ModelTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.optimizer = build_optimizer(model, cfg)
        self.loss_fn = build_loss(cfg)

    def train_one_batch(self, images, targets):
        self.optimizer.zero_grad()
        loss, terms = self.loss_fn(self.model(images), targets)
        loss.backward()
        self.optimizer.step()
        return terms

    def train_one_epoch(self, loader):
        totals = defaultdict(float)
        samples = 0
        for images, targets in loader:
            terms = self.train_one_batch(images, targets)
            for name, value in terms.items():
                totals[name] += value * images.size(0)
            samples += images.size(0)
        return {name: total / samples for name, total in totals.items()}
