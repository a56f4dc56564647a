"""The manual update is guarded by `if p.grad is not None` (nothing even under ZG302).

Held-out case (redteam), labelled from RULES.md.
"""
# needs: --extend-select ZG302
# expect: clean
import torch
from torch import nn

model = nn.Linear(5, 1)
for x, y in [(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(5)]:
    model.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    with torch.no_grad():
        for p in model.parameters():
            if p.grad is not None:
                p -= 0.01 * p.grad
