"""A clear between loss.backward() and opt.step(): the step sees no gradients.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG102 15:5
import torch
from torch import nn

model = nn.Linear(16, 4)
opt = torch.optim.Adam(model.parameters())

for x, y in [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(4)]:
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward()
    opt.zero_grad()
    opt.step()
