"""Runnable, correct: .grad reads after a set_to_none clear, guarded by `is not None`.

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
    norms = [p.grad.norm().item() for p in model.parameters() if p.grad is not None]
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    nn.functional.mse_loss(model(x), y).backward()
    for p in model.parameters():
        if p.grad is None:
            continue
        p.grad.clamp_(-1, 1)
    opt.step()
    print(norms)
