# expect: ZG601 15:16
"""The run's settings, which build its optimizer (Adam: it keeps moments for every parameter)."""

from dataclasses import dataclass

import torch


@dataclass
class TrainConfig:
    lr: float = 1e-3
    epochs: int = 10

    def make_optimizer(self, model):
        return torch.optim.Adam(model.parameters(), lr=self.lr)

    @classmethod
    def default(cls):
        return cls(lr=3e-4)
