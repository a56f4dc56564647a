"""Each loss part of a batch, returned as numbers by the loss function, summed per key over the epoch.

The twin of `zg602_loss_parts_from_batch_helper_summed_per_key.py`: the same
trainer, but the loss function returns beside the total a new dict of the
parts' values (`{name: part.item() ...}`), as YOLO's fix (dea5a8a) and
YOLOv5's `loss_items` (`torch.cat(...).detach()`) do. The dict is not what the
total is computed from: it holds numbers, no graph (RULES.md ZG602: not
reported after `.item()`), so summing it per key keeps nothing alive.
"""
# expect: clean
from collections import defaultdict

import torch
from torch import nn


class DetectionLoss:
    def __call__(self, predictions, targets):
        parts = {
            "box": (predictions[:, :4] - targets[:, :4]).abs().mean(),
            "cls": nn.functional.binary_cross_entropy_with_logits(predictions[:, 4:], targets[:, 4:]),
        }
        logged = {name: part.item() for name, part in parts.items()}
        return sum(parts.values()) / len(parts), logged


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
