# expect: ZG101 21:9
"""A restoration model whose step never clears: the scripts call `optimize_parameters` once per batch, so each
step applies the gradients of every batch so far."""

import torch


class ModelPlain:
    def __init__(self, settings):
        self.net = torch.nn.Conv2d(3, 3, 3, padding=1)
        self.optimizer = torch.optim.Adam(self.net.parameters(), lr=settings.lr)
        self.criterion = torch.nn.L1Loss()

    def feed_data(self, data):
        self.low, self.high = data

    def optimize_parameters(self, step):
        self.restored = self.net(self.low)
        loss = self.criterion(self.restored, self.high)
        loss.backward()
        self.optimizer.step()
        return loss.item()
