# expect: clean
"""A `@dataclass` ignite engine: the dataclass makes its `__init__`, whose `__post_init__` hands `super().__init__`
the bound `_update` (which clears), whatever its first field holds (here a def that would step without clearing):
not read as a subclass's `__init__` handing on its first argument (silent)."""

from dataclasses import dataclass
from typing import Callable

import torch
from ignite.engine import Engine


def pairwise_step(engine, batch):
    left, right = batch
    (engine.net(left) - engine.net(right)).clamp(min=0).mean().backward()
    engine.opt.step()


@dataclass
class RankingEngine(Engine):
    scorer: Callable
    net: torch.nn.Module
    opt: torch.optim.Optimizer

    def __post_init__(self):
        super().__init__(self._update)

    def _update(self, engine, batch):
        self.opt.zero_grad()
        self.scorer(engine, batch)


def train_ranking(loader, epochs):
    net = torch.nn.Linear(8, 1)
    trainer = RankingEngine(pairwise_step, net, torch.optim.SGD(net.parameters(), lr=0.1))
    trainer.run(loader, max_epochs=epochs)
