"""Distillation: the teacher (not trained) is cleared between the student's backward and the student's step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

teacher = nn.Linear(8, 4)
student = nn.Linear(8, 4)
opt = torch.optim.Adam(student.parameters())


def distill(loader):
    for x in loader:
        opt.zero_grad()
        loss = nn.functional.mse_loss(student(x), teacher(x))
        loss.backward()
        teacher.zero_grad()
        opt.step()
