# expect: ZG101 14:9
"""Step mixins: the trainers of trainers/classes.py take their `train_step` from here (Python's method resolution
order: the first base that has it). `ForgetfulStepMixin` never clears: the report is here, on its step, for the
loop of the class that mixes it in."""

import torch


class ForgetfulStepMixin:
    def train_step(self, batch):
        loss = self.model(*batch)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.optimizer.step()


class ClearingStepMixin:
    def train_step(self, batch):
        self.optimizer.zero_grad()
        loss = self.model(*batch)
        loss.backward()
        self.optimizer.step()


class LoggingMixin:
    def log(self, name, value):
        print(name, value)
