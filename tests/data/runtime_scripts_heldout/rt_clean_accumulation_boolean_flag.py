"""Runnable, correct accumulation: `is_update_step = (i + 1) % n == 0` tested later.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
n = 3
for i in range(9):
    is_update_step = (i + 1) % n == 0
    x, y = torch.randn(4, 4), torch.randn(4, 1)
    (nn.functional.mse_loss(model(x), y) / n).backward()
    if is_update_step:
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        opt.zero_grad(set_to_none=True)
