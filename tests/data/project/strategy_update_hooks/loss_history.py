# expect: ZG602 14:9
"""A strategy keeping each iteration's loss for a report at the end of the experience: `self.loss` still carries its
graph, so every iteration's graph stays alive until the experience ends."""

from training.strategies import Naive


class LoggedNaive(Naive):
    def __init__(self, model, optimizer, criterion, **kwargs):
        super().__init__(model, optimizer, criterion, **kwargs)
        self.losses = []

    def _after_training_iteration(self):
        self.losses.append(self.loss)
        super()._after_training_iteration()

    def _after_training_epoch(self):
        print(f"epoch {self.epoch}: {sum(self.losses) / max(len(self.losses), 1)}")
        super()._after_training_epoch()
