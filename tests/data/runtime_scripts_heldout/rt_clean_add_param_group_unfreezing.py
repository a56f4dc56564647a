"""Runnable, correct: progressive unfreezing through add_param_group (no new optimizer).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
backbone = nn.Linear(4, 4)
head = nn.Linear(4, 1)
backbone.requires_grad_(False)
opt = torch.optim.AdamW(head.parameters(), lr=1e-3)
for epoch in range(3):
    if epoch == 1:
        backbone.requires_grad_(True)
        opt.add_param_group({"params": backbone.parameters(), "lr": 1e-4})
    for _ in range(2):
        opt.zero_grad()
        nn.functional.mse_loss(head(backbone(torch.randn(8, 4))), torch.randn(8, 1)).backward()
        opt.step()
