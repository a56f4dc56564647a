# expect: clean
"""A copy of transformers' optimization module kept in the tree: the linear warmup as transformers has it (a LambdaLR
on the optimizer), the cosine one changed to a schedule of its own that sets the learning rate from its own count
(no torch LR scheduler: stepped before the optimizer's first step, it skips nothing)."""

import math

from torch.optim.lr_scheduler import LambdaLR


def get_linear_schedule_with_warmup(optimizer, num_warmup_steps, num_training_steps, last_epoch=-1):
    def lr_lambda(current_step):
        if current_step < num_warmup_steps:
            return float(current_step) / float(max(1, num_warmup_steps))
        return max(0.0, float(num_training_steps - current_step) / float(max(1, num_training_steps - num_warmup_steps)))

    return LambdaLR(optimizer, lr_lambda, last_epoch)


class WarmupCosine:
    def __init__(self, optimizer, num_warmup_steps, num_training_steps):
        self.optimizer = optimizer
        self.num_warmup_steps = num_warmup_steps
        self.num_training_steps = num_training_steps
        self.base_lrs = [group["lr"] for group in optimizer.param_groups]
        self.count = 0

    def step(self):
        self.count += 1
        if self.count < self.num_warmup_steps:
            factor = self.count / max(1, self.num_warmup_steps)
        else:
            progress = (self.count - self.num_warmup_steps) / max(1, self.num_training_steps - self.num_warmup_steps)
            factor = 0.5 * (1.0 + math.cos(math.pi * min(1.0, progress)))
        for group, base in zip(self.optimizer.param_groups, self.base_lrs):
            group["lr"] = base * factor


def get_cosine_schedule_with_warmup(optimizer, num_warmup_steps, num_training_steps):
    return WarmupCosine(optimizer, num_warmup_steps, num_training_steps)
