# expect: clean
"""The twin of zg101_step_in_a_loop_over_an_optimizer_dict.py: each optimizer of the dict is cleared by its literal
key, written with other quotes than the dict's (the same elements the loop steps)."""

import torch


def train(cfg, student, projector, loader):
    optimizers = {
        "student": torch.optim.AdamW(student.parameters(), lr=cfg.lr),
        "projector": torch.optim.SGD(projector.parameters(), lr=cfg.projector_lr, momentum=0.9),
    }
    for images, targets in loader:
        optimizers['student'].zero_grad()
        optimizers['projector'].zero_grad()
        torch.nn.functional.mse_loss(projector(student(images)), targets).backward()
        for optimizer in optimizers.values():
            optimizer.step()
