# expect: clean
"""The twin: the method called before the clear keeps only fresh noise on `self` (no network runs), and the
generator's forward follows the clear."""

import torch

from .base import BaseModel
from .networks import build_generator


class NoisyTranslator(BaseModel):
    def __init__(self, settings):
        super().__init__(settings)
        self.generator = build_generator(settings.width)
        self.optimizer = torch.optim.Adam(self.generator.parameters(), lr=settings.lr)

    def draw_noise(self):
        self.noise = torch.randn_like(self.source)

    def optimize_parameters(self):
        self.draw_noise()
        self.optimizer.zero_grad()
        translated = self.generator(self.source + self.noise)
        loss = torch.nn.functional.l1_loss(translated, self.target)
        loss.backward()
        self.optimizer.step()
