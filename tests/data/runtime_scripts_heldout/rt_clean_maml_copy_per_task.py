"""Runnable, correct: a deepcopy of the meta-model and a fresh Adam per task.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import copy

import torch
from torch import nn

torch.manual_seed(0)
meta = nn.Linear(4, 1)
for task in range(3):
    learner = copy.deepcopy(meta)
    inner_opt = torch.optim.Adam(learner.parameters(), lr=1e-2)
    for _ in range(2):
        inner_opt.zero_grad()
        x, y = torch.randn(8, 4), torch.randn(8, 1)
        nn.functional.mse_loss(learner(x), y).backward()
        inner_opt.step()
