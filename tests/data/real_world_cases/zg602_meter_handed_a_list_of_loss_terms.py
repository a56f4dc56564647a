# expect: ZG602 23:17
"""A running-average meter that takes one value or a list of them (microsoft/SpareNet's runners/misc.py, before its
"losses take item" fix), handed the loss terms themselves, scaled for the logs: the meter's loop over the list adds
each term into `self._sum` for the whole epoch, so every batch's autograd graph stays alive (ZG602 on the sum). The arm
for a single value (`self._sum[0] += values`) is not reached by a list."""

import torch


class AverageMeter:
    def __init__(self, n_items):
        self.reset(n_items)

    def reset(self, n_items):
        self._val = [0] * n_items
        self._sum = [0] * n_items
        self._count = [0] * n_items

    def update(self, values):
        if isinstance(values, list):
            for idx, v in enumerate(values):
                self._val[idx] = v
                self._sum[idx] += v
                self._count[idx] += 1
        else:
            self._val[0] = values
            self._sum[0] += values
            self._count[0] += 1


def train_epoch(model, loader, optimizer):
    losses = AverageMeter(2)
    for x, y in loader:
        optimizer.zero_grad()
        coarse, fine = model(x)
        coarse_loss = torch.nn.functional.mse_loss(coarse, y)
        fine_loss = torch.nn.functional.mse_loss(fine, y)
        loss = coarse_loss + fine_loss
        loss.backward()
        optimizer.step()
        losses.update([coarse_loss * 1000, fine_loss * 1000])
    return losses
