"""An auxiliary classifier the forward uses only when asked; the training loop never asks.

Shape of Inception-style and deep-supervision models: `forward(x,
return_aux=False)` runs `self.aux_classifier` only under `if return_aux:`.
A gradient-norm logger over `model.parameters()` after the backward meets
the auxiliary head's None gradients (RULES.md ZG301: a submodule the same-file
class's `forward` does not use on every path).
"""
# expect: ZG301 37:9
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.stem = nn.Conv2d(3, 16, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Linear(16, num_classes)
        self.aux_classifier = nn.Linear(16, num_classes)

    def forward(self, x, return_aux=False):
        features = self.pool(torch.relu(self.stem(x))).flatten(1)
        out = self.classifier(features)
        if return_aux:
            return out, self.aux_classifier(features.detach())
        return out


model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for images, labels in loader:
    optimizer.zero_grad()
    loss = nn.functional.cross_entropy(model(images), labels)
    loss.backward()
    grad_norm = torch.sqrt(sum(
        p.grad.pow(2).sum() for p in model.parameters()
    ))
    optimizer.step()
