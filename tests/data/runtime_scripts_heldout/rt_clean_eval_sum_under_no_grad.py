"""Runnable, correct: training, then an evaluation loop that sums loss tensors under no_grad.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for _ in range(3):
    opt.zero_grad()
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()
total = 0
with torch.no_grad():
    for _ in range(3):
        total += nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1))
print(float(total))
