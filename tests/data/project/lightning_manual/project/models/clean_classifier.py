# expect: clean
"""The twin: clipped before the step."""

import torch.nn as nn
import torch.nn.functional as F

from .base import ManualModule


class CleanClassifier(ManualModule):
    def __init__(self, num_classes, lr=1e-3, clip=1.0):
        super().__init__(lr=lr, clip=clip)
        self.net = nn.Sequential(nn.Flatten(), nn.LazyLinear(num_classes))

    def compute_loss(self, batch):
        x, y = batch
        return F.cross_entropy(self.net(x), y)

    def update(self, opt):
        self.clip_gradients(opt, gradient_clip_val=self.hparams.clip, gradient_clip_algorithm="norm")
        opt.step()
