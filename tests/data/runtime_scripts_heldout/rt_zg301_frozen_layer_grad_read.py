"""Runnable: a frozen backbone's .grad is dereferenced after the backward (None).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG301 27:17
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Linear(4, 4)
        self.head = nn.Linear(4, 1)
        self.backbone.requires_grad_(False)

    def forward(self, x):
        return self.head(torch.relu(self.backbone(x)))


torch.manual_seed(0)
model = Net()
opt = torch.optim.SGD(model.head.parameters(), lr=0.05)
for _ in range(3):
    opt.zero_grad()
    nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1)).backward()
    total = sum(p.grad.abs().sum().item() for p in model.parameters())
    opt.step()
