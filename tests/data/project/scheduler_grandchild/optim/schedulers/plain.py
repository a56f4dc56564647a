# expect: clean
"""The project's own schedule, no PyTorch scheduler: it sets the rate from the step it is given, nothing is
skipped when it is stepped first."""

import math


class CosineSchedule:
    def __init__(self, optimizer, total_steps, base_lr):
        self.optimizer = optimizer
        self.total_steps = total_steps
        self.base_lr = base_lr
        self.count = 0

    def step(self):
        lr = self.base_lr * 0.5 * (1.0 + math.cos(math.pi * self.count / self.total_steps))
        for group in self.optimizer.param_groups:
            group["lr"] = lr
        self.count += 1
