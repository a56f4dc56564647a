# expect: clean
"""The twin of `zg104_forward_of_an_element_of_a_container_of_modules.py`: the callables in the dict a method builds
are plain functions (a normalisation, a crop), not modules, so calling one before the clear runs no forward; the
forward of the module follows the clear."""

import torch
import torch.nn.functional as F
from torch import nn


def normalise(x):
    return (x - x.mean()) / (x.std() + 1e-6)


class MultiStage:
    def __init__(self):
        self.stages = self._build_stages()
        self.scorer = nn.Linear(8, 1)
        self.optimizer = torch.optim.Adam(self.scorer.parameters())

    def _build_stages(self):
        return {"normalise": normalise, "clip": torch.tanh}

    def train_step(self, x, y):
        x = self.stages["normalise"](x)
        self.optimizer.zero_grad()
        loss = F.mse_loss(self.scorer(x), y)
        loss.backward()
        self.optimizer.step()

    def fit(self, loader):
        for x, y in loader:
            self.train_step(x, y)
