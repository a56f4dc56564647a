"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG602 19:5, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

`total_loss += loss` keeps every iteration's graph alive.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG602 19:5
import torch
from torch import nn

model = nn.Linear(10, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
total_loss = 0
for x, y in [(torch.randn(4, 10), torch.randn(4, 1)) for _ in range(10)]:
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    total_loss += loss
print(total_loss / 10)
