"""A plain loop with backward and step and no clear at all.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 16:5
import torch
from torch import nn

model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(5)]

for x, y in data:
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
