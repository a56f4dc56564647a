# expect: clean
"""The twin: the loss kept as a number."""

from training.strategies import Naive


class LoggedNaive(Naive):
    def __init__(self, model, optimizer, criterion, **kwargs):
        super().__init__(model, optimizer, criterion, **kwargs)
        self.losses = []

    def _after_training_iteration(self):
        self.losses.append(self.loss.item())
        super()._after_training_iteration()

    def _after_training_epoch(self):
        print(f"epoch {self.epoch}: {sum(self.losses) / max(len(self.losses), 1)}")
        super()._after_training_epoch()
