# expect: ZG101 25:9
"""A trainer class whose step never clears: run by main.py's loop through an instance built there, each step
applies the sum of every earlier batch's gradients. The report is here, on the step; checked alone (no loop
reaches it) this module is clean."""

import torch


class Trainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer
        self.criterion = torch.nn.MSELoss()

    def train_step(self, inputs, targets):
        loss = self.criterion(self.model(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def clip_step(self, inputs, targets, max_norm):
        loss = self.criterion(self.model(inputs), targets)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), max_norm)
        self.optimizer.step()
        return loss.item()
