# expect: clean
"""A completion runner in SpareNet's shape (runners/sparenet_runner.py before 8bbc200): the coarse and refined
losses, scaled for the logs, handed to the meter as tensors (the report is the meter's, in misc.py)."""

import torch

from runners.base_runner import BaseRunner
from runners.misc import AverageMeter


class NetRunner(BaseRunner):
    def __init__(self, model, loader):
        super().__init__(model, loader)
        self.losses = AverageMeter(["CoarseLoss", "RefineLoss"])
        self.optimizer = torch.optim.Adam(model.parameters())

    def train_step(self, items):
        _, (x, y) = items
        self.optimizer.zero_grad()
        coarse, refine = self.model(x)
        coarse_loss = ((coarse - y) ** 2).mean()
        refine_loss = ((refine - y) ** 2).mean()
        loss = coarse_loss + refine_loss
        loss.backward()
        self.optimizer.step()
        self.losses.update([coarse_loss * 1000, refine_loss * 1000])
