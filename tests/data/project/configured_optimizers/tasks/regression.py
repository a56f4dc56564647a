# expect: ZG601 22:16
"""A task: its model, its loss and its optimizer, built afresh each time it is asked (framework/trainer.py asks in
every epoch)."""

import torch
from torch import nn

from framework import TrainModule


class Regressor(TrainModule):
    def __init__(self, in_features, lr):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_features, 64), nn.ReLU(), nn.Linear(64, 1))
        self.lr = lr

    def training_loss(self, batch):
        x, y = batch
        return nn.functional.mse_loss(self.net(x).squeeze(-1), y)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.lr)
