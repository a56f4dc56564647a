# expect: clean
"""The trainer's step: the forward and the loss here, the backward, clip and step in the optimizer wrapper."""

import torch.nn.functional as F


class Trainer:
    def __init__(self, model, amp_optimizer):
        self.model = model
        self.amp_optimizer = amp_optimizer

    def train_step(self, stepping, images, labels):
        loss = F.cross_entropy(self.model(images), labels)
        self.amp_optimizer.backward_clip_step(stepping=stepping, loss=loss)
