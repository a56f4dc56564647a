# expect: ZG104 23:9
"""The twin: the method called before the clear runs the parser's layer (`embed`), whose output the loss is made
from: the clear comes after the forward pass (RULES.md ZG104, opt-in)."""

import torch

from parsers import GraphParser, TransitionParser


class EmbeddingTrainer:
    def __init__(self, transition):
        self.model = self.build_model(transition)
        self.optimizer = torch.optim.Adam(self.model.parameters())

    def build_model(self, transition):
        if transition:
            return TransitionParser()
        return GraphParser()

    def update(self, batch):
        hidden = self.model.embed(batch)
        self.model.train()
        self.optimizer.zero_grad()
        loss = hidden.pow(2).mean()
        loss.backward()
        self.optimizer.step()
        return loss.item()


def train(trainer, loader):
    for batch in loader:
        trainer.update(batch)
