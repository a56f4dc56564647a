# expect: clean
"""The fix (8bbc200): the meter gets the scaled losses' values."""

import torch

from runners.base_runner import BaseRunner
from runners.misc import AverageMeter


class ItemRunner(BaseRunner):
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
        self.losses.update([coarse_loss.item() * 1000, refine_loss.item() * 1000])
