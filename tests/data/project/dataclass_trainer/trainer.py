# expect: clean
"""`@dataclass` trainers: their fields are their `self.x` (no `__init__` written); `Trainer`'s loop calls
engine.py's step that never clears (reported there), `CleanTrainer`'s the one that clears first."""

from dataclasses import dataclass, field

import torch

from engine import clearing_step, train_step


@dataclass
class Trainer:
    model: torch.nn.Module
    optimizer: torch.optim.Optimizer
    epochs: int = 3
    losses: list = field(default_factory=list)

    def fit(self, loader):
        for epoch in range(self.epochs):
            for batch in loader:
                self.losses.append(train_step(self.model, self.optimizer, batch))


@dataclass
class CleanTrainer:
    model: torch.nn.Module
    optimizer: torch.optim.Optimizer
    epochs: int = 3

    def fit(self, loader):
        for epoch in range(self.epochs):
            for batch in loader:
                clearing_step(self.model, self.optimizer, batch)
