"""SWA with SWALR stepped after the optimizer; an EMA teacher updated without gradients (BYOL-like)."""
import copy

import torch
from torch import nn
from torch.optim.swa_utils import SWALR, AveragedModel


def main():
    torch.manual_seed(0)
    student = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))
    teacher = copy.deepcopy(student)
    for p in teacher.parameters():
        p.requires_grad_(False)
    optimizer = torch.optim.SGD(student.parameters(), lr=0.05, momentum=0.9)
    swa_model = AveragedModel(student)
    swa_scheduler = SWALR(optimizer, swa_lr=0.01)
    for epoch in range(3):
        for _ in range(2):
            x = torch.randn(6, 4)
            optimizer.zero_grad()
            with torch.no_grad():
                target = teacher(x + 0.1 * torch.randn_like(x))
            loss = nn.functional.mse_loss(student(x), target)
            loss.backward()
            optimizer.step()
            with torch.no_grad():
                for t, s in zip(teacher.parameters(), student.parameters()):
                    t.mul_(0.99).add_(s, alpha=0.01)
        swa_model.update_parameters(student)
        swa_scheduler.step()


if __name__ == "__main__":
    main()
