# expect: clean
"""The base trainer: the subclass builds its networks and optimizers; the base prepares them and runs the loop."""

from accelerate import Accelerator


class BaseTrainer:
    def __init__(self, loader):
        self.accelerator = Accelerator()
        self.model = self._build_model()
        self.optimizer = self._build_optimizer()
        if isinstance(self.model, dict):
            for key in self.model.keys():
                self.model[key] = self.accelerator.prepare(self.model[key])
        else:
            self.model = self.accelerator.prepare(self.model)
        self.loader = loader

    def _build_model(self):
        raise NotImplementedError

    def _build_optimizer(self):
        raise NotImplementedError

    def _train_step(self, batch):
        raise NotImplementedError

    def train_epoch(self):
        for batch in self.loader:
            with self.accelerator.accumulate(self.model):
                self._train_step(batch)
