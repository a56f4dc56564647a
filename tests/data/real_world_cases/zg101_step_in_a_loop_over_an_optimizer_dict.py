# expect: ZG101 19:13
"""Distillation with a student's and a projector's optimizer in one dict: the loop clears only the student's but
steps every optimizer of the dict, so the projector's gradients pile up over the batches. A step in a loop over a
container of optimizers steps each of them (as a clear there clears each): each element the dict literal builds is
an optimizer of its own, `optimizers["projector"]` (`RootFacts.stepped_by`)."""

import torch


def train(cfg, student, projector, loader):
    optimizers = {
        "student": torch.optim.AdamW(student.parameters(), lr=cfg.lr),
        "projector": torch.optim.SGD(projector.parameters(), lr=cfg.projector_lr, momentum=0.9),
    }
    for images, targets in loader:
        optimizers["student"].zero_grad()
        torch.nn.functional.mse_loss(projector(student(images)), targets).backward()
        for optimizer in optimizers.values():
            optimizer.step()
