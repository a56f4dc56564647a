"""The twin: the trainer leaves the unscale to the step's `do_step` (once, before the clip), and a list grown after
it was built (`self.steps.append(...)`) holds what its literal does not say: its elements are not known.

Modelled on neonbjb/DL-Art-School codes/trainer/ExtensibleTrainer.py `optimize_parameters` and
codes/trainer/steps.py `ConfigurableStep.do_step` (whose comment says the trainer unscales).
"""
# expect: clean

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

    def add_step(self, step):
        self.steps.append(step)

    def fit(self, loader):
        for batch in loader:
            for step in self.steps:
                step.optimizer.zero_grad()
                step.do_forward_backward(batch)
                step.do_step()
