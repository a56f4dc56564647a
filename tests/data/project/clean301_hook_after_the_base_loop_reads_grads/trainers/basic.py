# expect: clean
"""A federated client's base trainer (plato's trainers/basic.py shape, written here): the training loop clears,
backpropagates and steps every batch, then runs the `train_run_end` hook."""

import torch


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.train_loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    def train_model(self, config):
        for _ in range(config["epochs"]):
            for examples, labels in self.train_loader:
                self.optimizer.zero_grad()
                loss = torch.nn.functional.cross_entropy(self.model(examples), labels)
                loss.backward()
                self.optimizer.step()
        self.train_run_end(config)

    def train_run_end(self, config):
        pass
