# expect: clean
"""bubbliiiing/faster-rcnn-pytorch's trainer.py, reduced (before "Add files via upload", d456f02): the trainer's
`forward` hands back the losses as a named tuple (the terms, then their sum), and `train_step` clears, backpropagates
the sum through the tuple's field, steps and hands the whole tuple back to the epoch's loop of train.py."""

from collections import namedtuple

from torch import nn
from torch.nn import functional as F

LossTuple = namedtuple("LossTuple", ["rpn_loss", "roi_loss", "total_loss"])


class DetectorTrainer(nn.Module):
    def __init__(self, detector, optimizer):
        super().__init__()
        self.detector = detector
        self.optimizer = optimizer

    def forward(self, images, boxes, labels):
        rpn_scores, roi_scores = self.detector(images)
        rpn_loss = F.smooth_l1_loss(rpn_scores, boxes)
        roi_loss = F.cross_entropy(roi_scores, labels)
        losses = [rpn_loss, roi_loss]
        losses = losses + [sum(losses)]
        return LossTuple(*losses)

    def train_step(self, images, boxes, labels):
        self.optimizer.zero_grad()
        losses = self.forward(images, boxes, labels)
        losses.total_loss.backward()
        self.optimizer.step()
        return losses
