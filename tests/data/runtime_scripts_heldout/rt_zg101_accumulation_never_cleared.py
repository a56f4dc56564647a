"""Runnable accumulation: the guarded step is never followed by a clear.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 19:9
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
accum = 2
opt.zero_grad()
for i in range(8):
    x, y = torch.randn(4, 4), torch.randn(4, 1)
    loss = nn.functional.mse_loss(model(x), y) / accum
    loss.backward()
    if (i + 1) % accum == 0:
        opt.step()
