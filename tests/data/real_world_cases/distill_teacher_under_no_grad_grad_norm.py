"""A distillation wrapper whose teacher runs under `torch.no_grad()`; the gradient norm over the wrapper.

Shape of knowledge-distillation code keeping student and teacher in one
`nn.Module`: the teacher's parameters never get a gradient, and a gradient
norm over `model.parameters()` meets their None (RULES.md ZG301: a submodule
the forward does not use for gradients). The norm over the student alone is
fine (ZG302 only).
"""
# expect: ZG301 32:17
# expect: ZG302 33:19
import torch
from torch import nn


class Distiller(nn.Module):
    def __init__(self, student, teacher_width=64):
        super().__init__()
        self.student = student
        self.teacher = nn.Sequential(nn.Linear(32, teacher_width), nn.ReLU(), nn.Linear(teacher_width, 10))

    def forward(self, x, temperature=2.0):
        with torch.no_grad():
            soft = (self.teacher(x) / temperature).softmax(-1)
        return nn.functional.cross_entropy(self.student(x) / temperature, soft)


model = Distiller(nn.Linear(32, 10))
optimizer = torch.optim.SGD(model.student.parameters(), lr=0.05)
for x in loader:
    optimizer.zero_grad()
    model(x).backward()
    total = sum(p.grad.norm() for p in model.parameters())
    student = sum(p.grad.norm() for p in model.student.parameters())
    optimizer.step()
