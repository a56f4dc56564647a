# expect: clean
"""The twin of zg101_step_in_a_loop_over_an_optimizer_dict.py clearing in a loop over the dict's keys:
`optimizers[name]` may be any element of the dict, the projector's too (a clear whose reach is not known counts)."""

import torch


def train(cfg, student, projector, loader):
    optimizers = {
        "student": torch.optim.AdamW(student.parameters(), lr=cfg.lr),
        "projector": torch.optim.SGD(projector.parameters(), lr=cfg.projector_lr, momentum=0.9),
    }
    for images, targets in loader:
        for name in optimizers:
            optimizers[name].zero_grad()
        torch.nn.functional.mse_loss(projector(student(images)), targets).backward()
        for optimizer in optimizers.values():
            optimizer.step()
