# expect: ZG602 24:9
"""bubbliiiing/faster-rcnn-pytorch's train.py, reduced (before "Add files via upload", d456f02, which adds `.item()`;
issue 35): the epoch's function binds the tuple the trainer's `train_step` (trainer.py) hands back, unpacks it on the
next line and adds the sum, which the step backpropagated, into `total_loss` for the whole epoch: every batch's graph
stays alive until the epoch ends (RULES.md ZG602, at the accumulating statement). Missed: a helper's tuple is followed
into the names that unpack it only where the call itself is unpacked (`rpn, roi, total = train_util.train_step(...)`),
and its elements only where the helper returns a tuple display; here the call is bound to `losses` first, and the tuple
is a named tuple built from a list (`LossTuple(*losses)`) whose last element is the sum backpropagated through the
field `total_loss`. What it needs: a name bound to a call's result and unpacked before any other use read as the
unpacking of the call (`kept_values`), and a named tuple's fields (`namedtuple("LossTuple", [...])` of the module)
mapped to the positions of the list it is built from, so that the backpropagated field is the third unpacked name."""

import torch
from torch import nn, optim

from trainer import DetectorTrainer


def fit_one_epoch(epoch, loader):
    total_loss = 0
    for iteration, (images, boxes, labels) in enumerate(loader):
        losses = train_util.train_step(images, boxes, labels)
        rpn_loss, roi_loss, total = losses
        total_loss += total
    print(epoch, total_loss / (iteration + 1))


if __name__ == "__main__":
    detector = nn.Linear(8, 4)
    loader = [(torch.randn(2, 8), torch.randn(2, 4), torch.tensor([0, 1]))]
    optimizer = optim.Adam(detector.parameters(), lr=1e-4)
    train_util = DetectorTrainer(detector, optimizer)
    for epoch in range(50):
        fit_one_epoch(epoch, loader)
