"""The teacher and the student's optimizer both cleared at the top: different parameters.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

teacher = nn.Linear(8, 4)
student = nn.Linear(8, 4)
opt = torch.optim.SGD(student.parameters(), lr=0.1)


def distill(loader):
    for x in loader:
        teacher.zero_grad()
        opt.zero_grad()
        loss = nn.functional.mse_loss(student(x), teacher(x))
        loss.backward()
        opt.step()
