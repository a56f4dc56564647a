# expect: clean
"""The twin of early_experiment.py as the fix wrote it: the scheduler steps in `post_epoch`, after the batch loop."""

import torch

from lab.loops import train_model


class Experiment:
    def __init__(self, config):
        self.model = torch.nn.Linear(4, 2)
        self.loader = config["loader"]
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=config["lr"], momentum=0.9)
        if "milestones" in config:
            self.scheduler = torch.optim.lr_scheduler.MultiStepLR(self.optimizer, milestones=config["milestones"])
        else:
            self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=config["step_size"])
        self.criterion = torch.nn.functional.cross_entropy
        self.epochs = config["epochs"]

    def train(self, epoch):
        print("epoch:", epoch)
        self.pre_epoch()
        train_model(model=self.model, loader=self.loader, optimizer=self.optimizer, criterion=self.criterion)
        self.post_epoch()

    def test(self):
        return {"mean_accuracy": 0.0}

    def pre_epoch(self):
        print("learning rate:", self.scheduler.get_last_lr())

    def post_epoch(self):
        self.scheduler.step()


def main(configs):
    for exp in configs:
        print("experiment:", exp)
        params = configs[exp]
        params["name"] = exp
        exp = Experiment(params)
        for epoch in range(exp.epochs):
            exp.train(epoch)
            print(exp.test())
