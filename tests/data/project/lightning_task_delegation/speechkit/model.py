# expect: clean
"""A package's LightningModule that hands its training step to the task it was given (pyannote.audio's `Model` and
`Task` shape, written here): the task decides whether the optimisation is manual and runs it through the model's
`optimizers()`, `manual_backward` and `clip_gradients`."""

import lightning.pytorch as pl
import torch


class Model(pl.LightningModule):
    def __init__(self, network, task=None):
        super().__init__()
        self.network = network
        self.task = task

    def forward(self, waveform):
        return self.network(waveform)

    def training_step(self, batch, batch_idx):
        return self.task.training_step(batch, batch_idx)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
