# expect: ZG104 27:9
"""A model whose own `forward()` keeps the generator's output on `self` and returns nothing; the clear of
`optimize_parameters` runs after that forward and before the backward of a loss built from its output."""

import torch

from .base import BaseModel
from .networks import build_generator


class Translator(BaseModel):
    def __init__(self, settings):
        super().__init__(settings)
        self.generator = build_generator(settings.width)
        self.optimizer = torch.optim.Adam(self.generator.parameters(), lr=settings.lr)
        self.criterion = torch.nn.L1Loss()

    def forward(self):
        self.translated = self.generator(self.source)

    def backward(self):
        self.loss = self.criterion(self.translated, self.target)
        self.loss.backward()

    def optimize_parameters(self):
        self.forward()
        self.optimizer.zero_grad()
        self.backward()
        self.optimizer.step()
