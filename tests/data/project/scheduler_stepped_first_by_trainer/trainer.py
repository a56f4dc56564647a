# expect: ZG204 47:13
# expect: ZG204 49:13
# expect: ZG204 78:13
# expect: ZG204 80:13
"""Two GAN trainers in MUNIT's shape, unrelated classes: each with its discriminator's and generator's updates, and
its own `update_learning_rate`, which steps both schedules of utils.py's `get_scheduler` (torch's `StepLR`). train.py
builds one of them, chosen by an if/elif, and calls it at the top of each iteration, before the first `dis_opt.step()`
and `gen_opt.step()`: the first value of each schedule is skipped (ZG204 on each schedule's step, as RULES.md says of
a project function whose return is a torch scheduler), whichever class is chosen. The factory's last branch returns an
exception object (`return NotImplementedError(...)`, a typo for `raise`): no scheduler, no caller can step it."""

import torch
import torch.nn.functional as F

from utils import get_scheduler


class GANTrainer(torch.nn.Module):
    def __init__(self, hyperparameters):
        super().__init__()
        self.gen = torch.nn.Linear(8, 8)
        self.dis = torch.nn.Linear(8, 1)
        lr = hyperparameters["lr"]
        self.dis_opt = torch.optim.Adam(self.dis.parameters(), lr=lr, betas=(0.5, 0.999))
        self.gen_opt = torch.optim.Adam(self.gen.parameters(), lr=lr, betas=(0.5, 0.999))
        self.dis_scheduler = get_scheduler(self.dis_opt, hyperparameters)
        self.gen_scheduler = get_scheduler(self.gen_opt, hyperparameters)

    def gen_update(self, x_a, hyperparameters):
        self.gen_opt.zero_grad()
        fake = self.gen(x_a)
        self.loss_gen_total = hyperparameters["gan_w"] * F.softplus(-self.dis(fake)).mean()
        self.loss_gen_total.backward()
        self.gen_opt.step()

    def dis_update(self, x_a, x_b, hyperparameters):
        self.dis_opt.zero_grad()
        fake = self.gen(x_a).detach()
        self.loss_dis_total = hyperparameters["gan_w"] * (
            F.softplus(self.dis(fake)).mean() + F.softplus(-self.dis(x_b)).mean()
        )
        self.loss_dis_total.backward()
        self.dis_opt.step()

    def update_learning_rate(self):
        if self.dis_scheduler is not None:
            self.dis_scheduler.step()
        if self.gen_scheduler is not None:
            self.gen_scheduler.step()


class UNITTrainer(torch.nn.Module):
    """The other model the script may train: its own networks, losses and schedules."""

    def __init__(self, hyperparameters):
        super().__init__()
        self.gen = torch.nn.Linear(8, 8)
        self.dis = torch.nn.Linear(8, 1)
        self.dis_opt = torch.optim.Adam(self.dis.parameters(), lr=hyperparameters["lr"])
        self.gen_opt = torch.optim.Adam(self.gen.parameters(), lr=hyperparameters["lr"])
        self.dis_scheduler = get_scheduler(self.dis_opt, hyperparameters)
        self.gen_scheduler = get_scheduler(self.gen_opt, hyperparameters)

    def gen_update(self, x_a, hyperparameters):
        self.gen_opt.zero_grad()
        self.loss_gen_total = F.l1_loss(self.gen(x_a), x_a)
        self.loss_gen_total.backward()
        self.gen_opt.step()

    def dis_update(self, x_a, x_b, hyperparameters):
        self.dis_opt.zero_grad()
        self.loss_dis_total = F.softplus(self.dis(self.gen(x_a).detach())).mean() + F.softplus(-self.dis(x_b)).mean()
        self.loss_dis_total.backward()
        self.dis_opt.step()

    def update_learning_rate(self):
        if self.dis_scheduler is not None:
            self.dis_scheduler.step()
        if self.gen_scheduler is not None:
            self.gen_scheduler.step()
