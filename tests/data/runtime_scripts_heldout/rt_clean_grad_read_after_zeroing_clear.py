"""Runnable, correct: .grad read after a set_to_none=False clear that follows a backward (zeros, never None).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for _ in range(3):
    nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1)).backward()
    opt.step()
    opt.zero_grad(set_to_none=False)
    print(sum(p.grad.abs().sum().item() for p in model.parameters()))
