# expect: clean
"""The twin of zg104_loss_stored_in_an_entry_by_the_models_forward.py: `train_step` clears first, then runs the
forward that stores `self._losses['total_loss']`, then backpropagates that entry (RULES.md ZG104: the conventional
place, nothing to report)."""

import torch
import torch.nn.functional as F
from torch import nn


class Network(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(8, 8)
        self.head = nn.Linear(8, 2)
        self._predictions = {}
        self._losses = {}

    def _predict(self, image):
        self._predictions["cls_score"] = self.head(self.body(image))

    def _add_losses(self, labels):
        cls_score = self._predictions['cls_score']
        cross_entropy = F.cross_entropy(cls_score, labels)
        self._losses['cross_entropy'] = cross_entropy
        loss = cross_entropy + 0.1 * cls_score.pow(2).mean()
        self._losses['total_loss'] = loss

    def forward(self, image, labels):
        self._predict(image)
        self._add_losses(labels)

    def train_step(self, blobs, optimizer):
        optimizer.zero_grad()
        self.forward(blobs["data"], blobs["labels"])
        self._losses["total_loss"].backward()
        optimizer.step()


net = Network()
optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
for blobs in [{"data": torch.randn(4, 8), "labels": torch.randint(0, 2, (4,))}] * 3:
    net.train_step(blobs, optimizer)
