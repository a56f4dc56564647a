# expect: clean
"""The project's schedules by name: PyTorch's cosine scheduler, and the project's own warm-up, which is no PyTorch
scheduler (it sets the rate from its own count; stepping it first skips nothing)."""

import functools

from torch.optim.lr_scheduler import CosineAnnealingLR


class LinearWarmup:
    def __init__(self, optimizer, warmup_steps):
        self.optimizer = optimizer
        self.warmup_steps = warmup_steps
        self.count = 0

    def step(self):
        self.count += 1
        for group in self.optimizer.param_groups:
            group["lr"] = group["initial_lr"] * min(1.0, self.count / self.warmup_steps)


SCHEDULERS = {
    "cosine": functools.partial(CosineAnnealingLR, T_max=100),
    "warmup": functools.partial(LinearWarmup, warmup_steps=500),
}


def build_scheduler(name, optimizer):
    return SCHEDULERS[name](optimizer)


def build_cosine(optimizer, epochs):
    return CosineAnnealingLR(optimizer, T_max=epochs)
