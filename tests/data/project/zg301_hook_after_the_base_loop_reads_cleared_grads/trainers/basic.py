# expect: clean
"""The twin of clean301_hook_after_the_base_loop_reads_grads/ (plato's trainers/basic.py shape, written here): the training
loop clears after each step (`zero_grad()`, which sets `.grad` to None), then runs the `train_run_end` hook."""

import torch


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.train_loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    def train_model(self, config):
        for _ in range(config["epochs"]):
            for examples, labels in self.train_loader:
                loss = torch.nn.functional.cross_entropy(self.model(examples), labels)
                loss.backward()
                self.optimizer.step()
                self.optimizer.zero_grad()
        self.train_run_end(config)

    def train_run_end(self, config):
        pass
