"""Runnable: backward and step every iteration, no clear anywhere.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 17:5
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]

for x, y in data:
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
print("done")
