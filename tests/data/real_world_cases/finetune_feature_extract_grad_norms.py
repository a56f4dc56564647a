"""Feature extraction: every parameter frozen, a new classifier head put in, gradient norms of all of them.

Modelled on the torchvision fine-tuning tutorial: `set_parameter_requires_grad(model,
feature_extracting)` sets `param.requires_grad = False` for every parameter, then
`model.fc = nn.Linear(...)` replaces the head (whose parameters require grad); the
optimizer takes `[p for p in model.parameters() if p.requires_grad]`. A gradient-norm
logger over every parameter meets the frozen ones' None (RULES.md ZG301); the one over
the new head does not (ZG302), nor does the one filtered on `requires_grad` (ZG302).
"""
# expect: ZG301 36:26
# expect: ZG302 37:27
# expect: ZG302 38:24
import torch
from torch import nn
from torchvision import models


def set_parameter_requires_grad(model, feature_extracting):
    if feature_extracting:
        for param in model.parameters():
            param.requires_grad = False


def train(loader, num_classes=5, feature_extract=True):
    model = models.resnet18(weights=None)
    set_parameter_requires_grad(model, feature_extract)
    model.fc = nn.Linear(model.fc.in_features, num_classes)
    params_to_update = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.SGD(params_to_update, lr=0.001, momentum=0.9)
    criterion = nn.CrossEntropyLoss()
    for epoch in range(3):
        for inputs, labels in loader:
            optimizer.zero_grad()
            loss = criterion(model(inputs), labels)
            loss.backward()
            all_norms = [p.grad.norm() for p in model.parameters()]
            head_norms = [p.grad.norm() for p in model.fc.parameters()]
            trained = [p.grad.norm() for p in model.parameters() if p.requires_grad]
            optimizer.step()
