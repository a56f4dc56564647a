# expect: clean
"""The base runner (genforce's runners/base_runner.py, written here): its iteration loop runs each subclass's
`train_step`; the loss object is built by the project's class."""

import torch

import losses


class BaseRunner:
    def __init__(self, models: dict, config: dict):
        self.models = models
        self.config = config
        self.optimizers = {name: torch.optim.Adam(model.parameters(), lr=config["lr"]) for name, model in models.items()}
        self.loss = losses.LogisticGANLoss(self)
        self.running_stats = {}
        self.iter = 0

    def set_model_requires_grad(self, name: str, requires_grad: bool) -> None:
        for param in self.models[name].parameters():
            param.requires_grad = requires_grad

    def train_step(self, data):
        raise NotImplementedError

    def train(self, loader):
        while self.iter < self.config["total_iters"]:
            self.iter += 1
            self.train_step(next(loader))
