# expect: ZG104 26:13
"""One epoch of the linear probes (ibot's analysis/linear_part/eval.py): the frozen backbone's features, then each
classifier's loss put in `losses` by a first loop, then `for optimizer, loss in zip(optimizers, losses)` clears,
backpropagates and steps each. Each clear follows the forward of its loss (opt-in ZG104). Missed (with `for loss in
losses` too, one optimizer or several): the one assignment `loss = criterion(...)` of the first loop is the forward of
every loss the second loop backpropagates, and the first backward consumes its pending forward (`fwd`) for all of them,
so from the second iteration on no forward is pending at the clear, and the clear is not after a forward on every
path. It needs the forward of each element of a list told apart from the others' (the first iteration's backward
consumes the first appended loss's forward only)."""

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
