# expect: clean
"""Two experiment classes: `Announced` steps its scheduler before the batch loop, `Scheduled` after it. `main` binds
`exp` to an `Announced` it only describes, then to a `Scheduled` whose `train` the epoch loop calls: the assignment
the call follows is the second, so nothing is skipped (read as the first, `Announced.pre_epoch` would be a false
ZG204)."""

import torch

from lab.loops import train_model


class Announced:
    def __init__(self, config):
        self.model = torch.nn.Linear(4, 2)
        self.loader = config["loader"]
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=config["lr"])
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=config["step_size"])
        self.epochs = config["epochs"]

    def describe(self):
        return f"{type(self.model).__name__} for {self.epochs} epochs"

    def train(self, epoch):
        self.scheduler.step()
        train_model(self.model, self.loader, self.optimizer, torch.nn.functional.cross_entropy)


class Scheduled(Announced):
    def train(self, epoch):
        train_model(self.model, self.loader, self.optimizer, torch.nn.functional.cross_entropy)
        self.scheduler.step()


def main(configs):
    for name in configs:
        exp = Announced(configs[name])
        print(name, exp.describe())
        exp = Scheduled(configs[name])
        for epoch in range(exp.epochs):
            exp.train(epoch)
