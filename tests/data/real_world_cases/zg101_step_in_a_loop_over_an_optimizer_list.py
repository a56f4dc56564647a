# expect: ZG101 14:13
"""The list form: the loop clears the student's module only, and steps each optimizer of the list; the second one,
built over the projector, is never cleared (`optimizers[1]`, the element the list literal builds)."""

import torch


def train(cfg, student, projector, loader):
    optimizers = [torch.optim.AdamW(student.parameters(), lr=cfg.lr), torch.optim.SGD(projector.parameters(), lr=cfg.lr)]
    for images, targets in loader:
        student.zero_grad()
        torch.nn.functional.mse_loss(projector(student(images)), targets).backward()
        for optimizer in optimizers:
            optimizer.step()
