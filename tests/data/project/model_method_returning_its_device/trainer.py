# expect: clean
"""Modelled on stanza's depparse `Trainer.update`: the model's device first (`self.model.get_device()`, a method of
the project's parser classes returning `next(self.parameters()).device`), then the clear, the loss, backward and step.
Reading a tensor's metadata runs no forward pass, so the clear comes before the forward (RULES.md ZG104). Here the
trainer's own `build_model` says which classes the model is; stanza's base trainer leaves it to its subclasses'
overrides, still reported (pending/model_device_read_through_an_overridden_builder/)."""

import torch

from parsers import GraphParser, TransitionParser


class Trainer:
    def __init__(self, transition):
        self.model = self.build_model(transition)
        self.optimizer = torch.optim.Adam(self.model.parameters())

    def build_model(self, transition):
        if transition:
            return TransitionParser()
        return GraphParser()

    def update(self, batch):
        device = self.model.get_device()
        self.model.train()
        self.optimizer.zero_grad()
        loss = self.model.loss(batch.to(device))
        loss.backward()
        self.optimizer.step()
        return loss.item()


def train(trainer, loader):
    for batch in loader:
        trainer.update(batch)
