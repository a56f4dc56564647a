# expect: clean
"""The sweep's driver: a classifier and an SGD optimizer per learning rate, one `train` per epoch."""

import torch

from cleared_probe import train_cleared, train_cleared_first
from linear import LinearClassifier
from probe import train


def main(backbone, loader, epochs, learning_rates=(0.1, 0.01), cleared=False, first=False):
    classifiers = [LinearClassifier(384) for _ in learning_rates]
    optimizers = [torch.optim.SGD(c.parameters(), lr=lr, momentum=0.9) for c, lr in zip(classifiers, learning_rates)]
    for epoch in range(epochs):
        run = (train_cleared_first if first else train_cleared) if cleared else train
        run(backbone, classifiers, optimizers, loader)
