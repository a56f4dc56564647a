"""The clean twin: the factory's class uses every part in its forward, so each parameter holds a gradient
right after the backward: the read is only the opt-in ZG302, never ZG301."""
# expect: ZG302 31:23
import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self, classes):
        super().__init__()
        self.features = nn.Sequential(nn.Linear(6, 16), nn.ReLU())
        self.logits = nn.Linear(16, classes)

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
