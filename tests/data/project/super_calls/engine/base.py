# expect: ZG101 18:9
"""A base trainer whose `train_step` leaves the clear to the loop that drives it (the loops of its subclasses in
custom.py and its twin): `self.optimizer`, which its `__init__` sets, is the one optimizer all of them clear and
step. The report is here, on the step, for custom.py's loop, which clears only once before it."""


class BaseTrainer:
    def __init__(self, model, optimizer, epochs):
        self.model = model
        self.optimizer = optimizer
        self.epochs = epochs
        self.seen = 0

    def train_step(self, batch):
        inputs, targets = batch
        loss = self.model(inputs, targets)
        loss.backward()
        self.optimizer.step()
        return loss
