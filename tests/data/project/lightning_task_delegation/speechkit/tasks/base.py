# expect: clean
"""The tasks' base: a data module that knows its model and whether the optimisation is manual (gradient clipping by
hand needs it)."""

import lightning.pytorch as pl
import torch.nn.functional as F


class Task(pl.LightningDataModule):
    def __init__(self, gradient_clip_val=None):
        super().__init__()
        self.model = None
        self.gradient_clip_val = gradient_clip_val
        self.automatic_optimization = gradient_clip_val is None

    def setup_loss(self, prediction, target):
        return F.nll_loss(prediction.transpose(1, 2), target)
