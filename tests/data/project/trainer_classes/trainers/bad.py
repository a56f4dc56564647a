# expect: ZG101 17:9
"""Never clears: run by the base class's `fit()` loop, each step applies every batch's gradients so far
(the report names `BadTrainer`: another subclass of the same base can be right)."""

from trainers.base import Trainer


class BadTrainer(Trainer):
    def __init__(self, model, optimizer, epochs, clip):
        super().__init__(model, optimizer, epochs)
        self.clip = clip

    def train_step(self, batch):
        loss = self.model(*batch)
        loss.backward()
        self.model.clip_grad_norm_(self.clip)
        self.optimizer.step()
