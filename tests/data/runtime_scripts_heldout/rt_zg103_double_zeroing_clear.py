"""Runnable: optimizer.zero_grad(set_to_none=False) and then model.zero_grad(set_to_none=False) before each backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG103 14:5
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for _ in range(4):
    optimizer.zero_grad(set_to_none=False)
    model.zero_grad(set_to_none=False)
    nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1)).backward()
    optimizer.step()
