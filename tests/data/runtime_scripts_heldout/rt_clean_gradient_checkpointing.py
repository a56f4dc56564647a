"""Runnable, correct: torch.utils.checkpoint recomputes the forward during the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
block = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))
head = nn.Linear(4, 1)
opt = torch.optim.SGD(list(block.parameters()) + list(head.parameters()), lr=0.05)
for _ in range(4):
    opt.zero_grad()
    x = torch.randn(8, 4, requires_grad=True)
    h = checkpoint(block, x, use_reentrant=False)
    nn.functional.mse_loss(head(h), torch.randn(8, 1)).backward()
    opt.step()
