# expect: clean
"""The model's own AMP (facebookresearch/dinov2's `SSLMetaArch` shape, written here): it holds its GradScaler, or
None, as `self.fp16_scaler`, and its `forward_backward` backpropagates through it when there is one."""

import torch
from torch import nn


class MetaArch(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.student = nn.Linear(8, 8)
        self.fp16_scaler = torch.amp.GradScaler() if cfg.amp else None

    def backprop_loss(self, loss):
        if self.fp16_scaler is not None:
            self.fp16_scaler.scale(loss).backward()
        else:
            loss.backward()

    def forward_backward(self, batch):
        loss = self.student(batch).mean()
        self.backprop_loss(loss)
        return {"loss": loss}
