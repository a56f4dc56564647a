# expect: clean
"""stanza's depparse/trainer.py, reduced: the base trainer builds its model with `build_model`, a static method each
subclass overrides (or takes the one it is handed), and `update` reads `self.model.get_device()` (the parsers'
`next(self.parameters()).device`, no forward pass) before the clear, the loss, backward and step: nothing for ZG104.
Reported today: `self.model`'s classes are not known (the base's `build_model` raises, the overrides of the subclasses
are not read as its values, and the handed model is unknown), so the method of a model counts as its forward
(`facts.calls_model`). What the analysis needs: `Resolver.classes_built` following a call on `self` to the overrides
of the subclasses, and a method of those classes returning only a tensor's metadata read as no forward (done:
`facts.is_metadata`); the handed model stays unknown, so the method's name would have to be enough."""

import torch

from parsers import GraphParser, TransitionParser


class Trainer:
    def __init__(self, model=None):
        if model is not None:
            self.model = model
        else:
            self.model = self.build_model()
        self.optimizer = torch.optim.Adam(self.model.parameters())

    @staticmethod
    def build_model():
        raise NotImplementedError()

    def update(self, batch):
        device = self.model.get_device()
        self.model.train()
        self.optimizer.zero_grad()
        loss = self.model.loss(batch.to(device))
        loss.backward()
        self.optimizer.step()
        return loss.item()


class GraphTrainer(Trainer):
    @staticmethod
    def build_model():
        return GraphParser()


class TransitionTrainer(Trainer):
    @staticmethod
    def build_model():
        return TransitionParser()


def train(trainer, loader):
    for batch in loader:
        trainer.update(batch)
