"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG601 15:17, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

torch.optim.Adam built inside the batch loop over a model built before it.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG601 15:17
import torch
from torch import nn

model = nn.Sequential(nn.Linear(10, 10), nn.ReLU(), nn.Linear(10, 1))
data = [(torch.randn(4, 10), torch.randn(4, 1)) for _ in range(10)]

for x, y in data:
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
