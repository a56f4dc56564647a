# expect: ZG101 21:9
"""The steps, each overriding the base's `train_step`: `ClearingStep` clears before its backward; `ForgetfulStep`
never clears (reported here, in `LeakyTrainer`)."""

from .base import BaseTrainer


class ClearingStep(BaseTrainer):
    def train_step(self, batch):
        self.optimizer.zero_grad()
        loss = self.model(batch).mean()
        loss.backward()
        self.optimizer.step()
        return loss.item()


class ForgetfulStep(BaseTrainer):
    def train_step(self, batch):
        loss = self.model(batch).mean()
        loss.backward()
        self.optimizer.step()
        return loss.item()
