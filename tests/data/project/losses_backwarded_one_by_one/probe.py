# expect: ZG104 26:13
"""One epoch of the linear probes (ibot's analysis/linear_part/eval.py): the frozen backbone's features, then each
classifier's loss put in `losses` by a first loop, then `for optimizer, loss in zip(optimizers, losses)` clears,
backpropagates and steps each. Each clear follows the forward of its loss (opt-in ZG104). Each pass of the last loop
steps another optimizer, whose gradients only its own loss (an element the loop zips with it) writes: the pass's
optimizer holds what the loop found (`NextElement.found_as_entered`), the forward pending, not what the pass before
did to another optimizer. (With `for loss in losses` and one optimizer the clear is still not reported: the one
assignment of the first loop is the forward of every loss, and the first backward consumes it for all of them.)"""

import torch
from torch import nn


def train(backbone, classifiers, optimizers, loader):
    criterion = nn.CrossEntropyLoss()
    for images, target in loader:
        with torch.no_grad():
            features = backbone(images)

        losses = []
        for classifier in classifiers:
            loss = criterion(classifier(features), target)
            losses.append(loss)

        for optimizer, loss in zip(optimizers, losses):
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
