"""Distillation: the loop clears the teacher's gradients, but the optimizer trains the student, built apart,
whose gradients then sum over every batch."""
# expect: ZG101 22:9
import torch
from torch import nn


def distill(loader, device, temperature=2.0):
    teacher = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 10)).to(device)
    student = nn.Sequential(nn.Linear(32, 16), nn.ReLU(), nn.Linear(16, 10)).to(device)
    optimizer = torch.optim.AdamW(student.parameters(), lr=1e-3)
    for x in loader:
        teacher.zero_grad()
        with torch.no_grad():
            soft = (teacher(x) / temperature).softmax(-1)
        loss = nn.functional.kl_div(
            (student(x) / temperature).log_softmax(-1),
            soft,
            reduction="batchmean",
        )
        loss.backward()
        optimizer.step()
