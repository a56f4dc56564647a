"""An old-style manual clear `p.grad.data.zero_()` at the top: on the first iteration .grad is None.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG301 13:9
import torch
from torch import nn

model = nn.Linear(4, 1)
lr = 0.05
for x, y in [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]:
    for p in model.parameters():
        p.grad.data.zero_()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            if p.grad is not None:
                p -= lr * p.grad
