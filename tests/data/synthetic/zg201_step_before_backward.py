"""The step runs before the backward of the same iteration.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG201 15:5
import torch
from torch import nn

model = nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)

for x, y in [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(3)]:
    opt.zero_grad()
    loss = nn.functional.cross_entropy(model(x), y)
    opt.step()
    loss.backward()
