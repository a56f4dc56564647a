# expect: ZG203 22:9
"""The subclass's update steps first and clips after (Lightning's `self.clip_gradients`): the clip cannot change
the step it follows. Reported here, for the base class's `training_step` run with this override."""

import torch.nn as nn
import torch.nn.functional as F

from .base import ManualModule


class Classifier(ManualModule):
    def __init__(self, num_classes, lr=1e-3, clip=1.0):
        super().__init__(lr=lr, clip=clip)
        self.net = nn.Sequential(nn.Flatten(), nn.LazyLinear(num_classes))

    def compute_loss(self, batch):
        x, y = batch
        return F.cross_entropy(self.net(x), y)

    def update(self, opt):
        opt.step()
        self.clip_gradients(opt, gradient_clip_val=self.hparams.clip, gradient_clip_algorithm="norm")
