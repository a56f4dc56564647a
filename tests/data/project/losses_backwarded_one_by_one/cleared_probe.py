# expect: clean
"""Two clean twins. `train_cleared`: each probe is cleared, then runs its forward and its backward, in one loop.
`train_cleared_first`: every probe's optimizer is cleared by a first loop, before the forward passes, and a last
loop steps each: once a false ZG101 at its step, the elements of `zip(optimizers, losses)` taken for one optimizer
stepping, across the last loop's iterations, gradients nothing cleared between them (an element is keyed as its
collection, `roles`); each pass's optimizer now holds what the loop found, cleared by the first loop."""

import torch
from torch import nn


def train_cleared(backbone, classifiers, optimizers, loader):
    criterion = nn.CrossEntropyLoss()
    for images, target in loader:
        with torch.no_grad():
            features = backbone(images)
        for classifier, optimizer in zip(classifiers, optimizers):
            optimizer.zero_grad()
            loss = criterion(classifier(features), target)
            loss.backward()
            optimizer.step()


def train_cleared_first(backbone, classifiers, optimizers, loader):
    criterion = nn.CrossEntropyLoss()
    for images, target in loader:
        with torch.no_grad():
            features = backbone(images)
        for optimizer in optimizers:
            optimizer.zero_grad()

        losses = []
        for classifier in classifiers:
            loss = criterion(classifier(features), target)
            losses.append(loss)

        for optimizer, loss in zip(optimizers, losses):
            loss.backward()
            optimizer.step()
