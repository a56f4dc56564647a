"""A model built by a factory of the file, whose class keeps a head its forward never calls.

The manual update reads `p.grad` of every parameter right after the backward: the unused head's are None.
"""
# expect: ZG301 34:23
import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self, classes):
        super().__init__()
        self.features = nn.Sequential(nn.Linear(6, 16), nn.ReLU())
        self.logits = nn.Linear(16, classes)
        self.projection = nn.Linear(16, 8)  # kept for a contrastive variant never wired in

    def forward(self, x):
        return self.logits(self.features(x))


def make_model(classes=3):
    model = Classifier(classes)
    return model


model = make_model()
lr = 0.05
for x, y in [(torch.randn(5, 6), torch.tensor([0, 1, 2, 0, 1]))]:
    model.zero_grad()
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= lr * p.grad
