# expect: clean
"""A component computing its loss record from a batch."""

import torch
import torch.nn.functional as F

from iris.losses import LossRecord


class Tokenizer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = torch.nn.Linear(8, 8)

    def compute_loss(self, batch):
        reconstruction = self.encoder(batch)
        return LossRecord(reconstruction=F.mse_loss(reconstruction, batch), l1=F.l1_loss(reconstruction, batch))
