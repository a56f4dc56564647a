# expect: ZG204 17:9
"""The project's optimizer-and-schedule pairs, built by its factory and stepped once per update by the runner (the
shape of jiant's `OptimizerScheduler`, whose maintainers swapped its two steps to silence PyTorch's warning)."""

import torch
from transformers import get_linear_schedule_with_warmup


class OptimizerScheduler:
    """Steps its schedule first: at the first update the schedule moves before the optimizer ever stepped."""

    def __init__(self, optimizer, scheduler):
        self.optimizer = optimizer
        self.scheduler = scheduler

    def step(self):
        self.scheduler.step()
        self.optimizer.step()


class OrderedOptimizerScheduler:
    """The twin: the optimizer's step, then the schedule's."""

    def __init__(self, optimizer, scheduler):
        self.optimizer = optimizer
        self.scheduler = scheduler

    def step(self):
        self.optimizer.step()
        self.scheduler.step()


def build_optimizer(model, t_total):
    return torch.optim.AdamW(model.parameters(), lr=1e-4)


def build_schedule(optimizer, t_total):
    return get_linear_schedule_with_warmup(optimizer, num_warmup_steps=t_total // 10, num_training_steps=t_total)
