# expect: clean
"""The project's Lightning-like module: a task says how to compute its loss and which optimizer it wants."""

from torch import nn


class TrainModule(nn.Module):
    def training_loss(self, batch):
        raise NotImplementedError

    def configure_optimizers(self):
        raise NotImplementedError
