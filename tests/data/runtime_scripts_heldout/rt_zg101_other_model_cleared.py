"""Runnable: the loop clears a different model than the one the optimizer trains.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 19:5
import torch
from torch import nn

torch.manual_seed(0)
teacher = nn.Linear(4, 1)
student = nn.Linear(4, 1)
opt = torch.optim.SGD(student.parameters(), lr=0.05)
for _ in range(4):
    teacher.zero_grad()
    x = torch.randn(8, 4)
    with torch.no_grad():
        target = teacher(x)
    nn.functional.mse_loss(student(x), target).backward()
    opt.step()
