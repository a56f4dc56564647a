# expect: clean
"""A base loop with hooks (the iteration counter is an attribute, the loop sits in a storage context and a
try/finally) and the plain trainer whose `run_step` every task subclasses."""

import logging

logger = logging.getLogger(__name__)


class MetricStore:
    def __init__(self, start):
        self.iter = start

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class LoopBase:
    def __init__(self):
        self._hooks = []
        self.iter = 0

    def register_hooks(self, hooks):
        for hook in hooks:
            hook.trainer = self
            self._hooks.append(hook)

    def train(self, start_iter, max_iter):
        self.iter = start_iter
        with MetricStore(start_iter) as self.storage:
            try:
                for self.iter in range(start_iter, max_iter):
                    self.before_step()
                    self.run_step()
                    self.after_step()
            except Exception:
                logger.exception("training failed")
                raise
            finally:
                self.after_train()

    def before_step(self):
        for hook in self._hooks:
            hook.before_step()

    def after_step(self):
        for hook in self._hooks:
            hook.after_step()

    def after_train(self):
        self.storage.iter = self.iter

    def run_step(self):
        raise NotImplementedError


class PlainTrainer(LoopBase):
    def __init__(self, model, data_loader, optimizer):
        super().__init__()
        self.model = model
        self.data_loader = data_loader
        self._data_iter = iter(data_loader)
        self.optimizer = optimizer

    def run_step(self):
        batch = next(self._data_iter)
        self.optimizer.zero_grad()
        loss_dict = self.model(batch)
        losses = sum(loss_dict.values())
        losses.backward()
        self.optimizer.step()
        self.storage.losses = {name: value.item() for name, value in loss_dict.items()}
