"""A trainer holding its training steps in a list, each step an object with its network, optimizer and GradScaler:
the trainer unscales each step's optimizer before calling the step's `do_step`, which unscales it again before its
clip (the second `unscale_` before `update()` raises). `step` of `for step in self.steps:` is each element of the
list `__init__` built, so the step's methods are read with `self` as that element.

Modelled on neonbjb/DL-Art-School codes/trainer/ExtensibleTrainer.py `optimize_parameters` and
codes/trainer/steps.py `ConfigurableStep.do_step` (whose comment says the trainer unscales).
"""
# expect: ZG403 28:9

import torch
from torch.nn.utils import clip_grad_norm_


class TrainStep:
    def __init__(self, network, lr):
        self.network = network
        self.scaler = torch.cuda.amp.GradScaler()
        self.optimizer = torch.optim.AdamW(network.parameters(), lr=lr)

    def do_forward_backward(self, batch):
        with torch.autocast("cuda"):
            loss = torch.nn.functional.l1_loss(self.network(batch["lq"]), batch["hq"])
        self.scaler.scale(loss).backward()
        return loss.detach()

    def do_step(self):
        self.scaler.unscale_(self.optimizer)
        clip_grad_norm_(self.network.parameters(), 1.0)
        self.scaler.step(self.optimizer)
        self.scaler.update()


class Trainer:
    def __init__(self, networks, lr):
        self.steps = [TrainStep(network, lr) for network in networks]

    def fit(self, loader):
        for batch in loader:
            for step in self.steps:
                step.optimizer.zero_grad()
                step.do_forward_backward(batch)
                step.scaler.unscale_(step.optimizer)
                step.do_step()
