"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, new-rules 4a6f147, runtime 763d6f4: expected ZG302 20:20, got ZG301 20:20 (on main); passes on: precision-roles f58db55.

Manual SGD update over an nn.Linear right after the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# needs: --extend-select ZG302
# expect: ZG302 20:20
import torch
from torch import nn

model = nn.Linear(5, 1)
lr = 0.01
for x, y in [(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(5)]:
    model.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p.add_(p.grad, alpha=-lr)
