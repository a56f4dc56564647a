"""Runnable, correct: model.zero_grad() covers two optimizers (backbone, head).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 1))
opt_backbone = torch.optim.SGD(model[0].parameters(), lr=0.01, momentum=0.9)
opt_head = torch.optim.Adam(model[2].parameters(), lr=1e-3)
for _ in range(4):
    model.zero_grad()
    nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1)).backward()
    opt_backbone.step()
    opt_head.step()
