# expect: clean
"""The training state and the schedule test of the scripts (lingua's `every_n_steps` shape, written here)."""

from dataclasses import dataclass

import torch


@dataclass
class TrainState:
    step: int  # optimizer steps done
    acc_step: int  # micro-batches done since the last step, 0 right after one


def every_n_steps(state, freq, acc_step=None):
    test = state.step % freq == 0
    if acc_step is not None:
        test = test and state.acc_step == acc_step
    return test


def build_optimizer(model, lr, steps):
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.1)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1 - step / steps)
    return optimizer, scheduler
