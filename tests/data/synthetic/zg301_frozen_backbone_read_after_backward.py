"""The model's class freezes its backbone; all parameters' .grad are read after the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG301 28:25
import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Linear(16, 8)
        self.head = nn.Linear(8, 2)
        self.backbone.requires_grad_(False)

    def forward(self, x):
        return self.head(torch.relu(self.backbone(x)))


def train(loader):
    model = Classifier()
    opt = torch.optim.Adam(model.head.parameters())
    for x, y in loader:
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        grad_norm = sum(p.grad.norm() ** 2 for p in model.parameters()) ** 0.5
        opt.step()
        print(float(grad_norm))
