# expect: clean
"""The clean twin: the same factory's schedules, stepped by `update_learning_rate` after the iteration's updates (its
loop is train_late.py's)."""

import torch
import torch.nn.functional as F

from utils import get_scheduler


class LateTrainer(torch.nn.Module):
    def __init__(self, hyperparameters):
        super().__init__()
        self.gen = torch.nn.Linear(8, 8)
        self.dis = torch.nn.Linear(8, 1)
        self.dis_opt = torch.optim.Adam(self.dis.parameters(), lr=hyperparameters["lr"])
        self.gen_opt = torch.optim.Adam(self.gen.parameters(), lr=hyperparameters["lr"])
        self.dis_scheduler = get_scheduler(self.dis_opt, hyperparameters)
        self.gen_scheduler = get_scheduler(self.gen_opt, hyperparameters)

    def gen_update(self, x_a):
        self.gen_opt.zero_grad()
        F.softplus(-self.dis(self.gen(x_a))).mean().backward()
        self.gen_opt.step()

    def dis_update(self, x_a, x_b):
        self.dis_opt.zero_grad()
        (F.softplus(self.dis(self.gen(x_a).detach())).mean() + F.softplus(-self.dis(x_b)).mean()).backward()
        self.dis_opt.step()

    def update_learning_rate(self):
        if self.dis_scheduler is not None:
            self.dis_scheduler.step()
        if self.gen_scheduler is not None:
            self.gen_scheduler.step()
