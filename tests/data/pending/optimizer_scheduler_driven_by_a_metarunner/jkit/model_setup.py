# expect: ZG204 16:9
"""The optimizer-and-schedule pair the runscript builds through the factory (jiant's shared/model_setup.py): its step
moves the schedule before the optimizer, so the first value of the warmup is skipped."""

import torch
from transformers import get_linear_schedule_with_warmup


class OptimizerScheduler:
    def __init__(self, optimizer, scheduler):
        super().__init__()
        self.optimizer = optimizer
        self.scheduler = scheduler

    def step(self):
        self.scheduler.step()
        self.optimizer.step()


def create_optimizer(model, learning_rate, t_total, warmup_steps):
    optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate)
    scheduler = get_linear_schedule_with_warmup(optimizer, num_warmup_steps=warmup_steps, num_training_steps=t_total)
    return OptimizerScheduler(optimizer=optimizer, scheduler=scheduler)
