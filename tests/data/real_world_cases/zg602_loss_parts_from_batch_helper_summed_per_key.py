"""Each loss part of a batch, returned in a dict by the trainer's step method, summed per key over the epoch.

Shape of MultimediaTechLab/YOLO's `ModelTrainer` before its memory-leak fix
(dea5a8a): the loss function returns the total and a dict of its parts;
`train_one_batch` backpropagates the total, steps and returns the parts;
`train_one_epoch` does `totals[name] += part * batch_size` for every part.
The parts are the graph-carrying terms of the backpropagated loss, so each
batch's graph stays alive until the epoch ends (RULES.md ZG602: a dict that a
helper returns and the loop accumulates). main 6c9436b is silent: the parts
are bound beside the loss (`loss, parts = self.loss_fn(...)`), and only the
loss function's body (`DetectionLoss.__call__` returns a total computed from
the very dict it returns beside it) shows they are the loss's terms.
"""
# expect: ZG602 49:17
from collections import defaultdict

import torch
from torch import nn


class DetectionLoss:
    def __call__(self, predictions, targets):
        parts = {
            "box": (predictions[:, :4] - targets[:, :4]).abs().mean(),
            "cls": nn.functional.binary_cross_entropy_with_logits(predictions[:, 4:], targets[:, 4:]),
        }
        return sum(parts.values()) / len(parts), parts


class ModelTrainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        self.loss_fn = DetectionLoss()

    def train_one_batch(self, images, targets):
        self.optimizer.zero_grad()
        loss, parts = self.loss_fn(self.model(images), targets)
        loss.backward()
        self.optimizer.step()
        return parts

    def train_one_epoch(self, loader):
        totals = defaultdict(float)
        samples = 0
        for images, targets in loader:
            parts = self.train_one_batch(images, targets)
            for name, value in parts.items():
                totals[name] += value * images.size(0)
            samples += images.size(0)
        return {name: total / samples for name, total in totals.items()}


trainer = ModelTrainer(nn.Linear(10, 6))
loader = [(torch.randn(4, 10), torch.rand(4, 6)) for _ in range(3)]
for epoch in range(2):
    trainer.train_one_epoch(loader)
