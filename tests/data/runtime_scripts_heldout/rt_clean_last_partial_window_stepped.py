"""Runnable, correct accumulation: the last partial window is stepped too.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
batches = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(7)]
accum = 3
for i, (x, y) in enumerate(batches):
    (nn.functional.mse_loss(model(x), y) / accum).backward()
    if (i + 1) % accum == 0 or i + 1 == len(batches):
        opt.step()
        opt.zero_grad()
