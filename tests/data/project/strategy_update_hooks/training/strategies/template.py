# expect: clean
"""A continual-learning strategy's template: experiences trained one after another, each epoch's iteration split into
callbacks (`_before_backward`, `_after_update`...) that hand the strategy to each of its plugins, which are the
caller's list (not known here)."""

import torch


def trigger_plugins(strategy, event):
    for plugin in strategy.plugins:
        if hasattr(plugin, event):
            getattr(plugin, event)(strategy)


class BaseTemplate:
    def __init__(self, model, optimizer, criterion, train_epochs=1, plugins=()):
        self.model = model
        self.optimizer = optimizer
        self._criterion = criterion
        self.train_epochs = train_epochs
        self.plugins = list(plugins)
        self.loss = None
        self._stop_training = False

    def train(self, experiences):
        for experience in experiences:
            self.dataloader = torch.utils.data.DataLoader(experience, batch_size=32, shuffle=True)
            self.model.train()
            for self.epoch in range(self.train_epochs):
                self._before_training_epoch()
                self.training_epoch()
                self._after_training_epoch()

    def training_epoch(self):
        raise NotImplementedError

    def _unpack_minibatch(self):
        self.mb_x, self.mb_y = self.mbatch

    def _make_empty_loss(self):
        return torch.zeros(1)

    def forward(self):
        return self.model(self.mb_x)

    def criterion(self):
        return self._criterion(self.mb_output, self.mb_y)

    def backward(self):
        self.loss.backward()

    def optimizer_step(self):
        self.optimizer.step()

    def _before_training_epoch(self):
        trigger_plugins(self, "before_training_epoch")

    def _after_training_epoch(self):
        trigger_plugins(self, "after_training_epoch")

    def _before_training_iteration(self):
        trigger_plugins(self, "before_training_iteration")

    def _before_backward(self):
        trigger_plugins(self, "before_backward")

    def _after_backward(self):
        trigger_plugins(self, "after_backward")

    def _before_update(self):
        trigger_plugins(self, "before_update")

    def _after_update(self):
        trigger_plugins(self, "after_update")

    def _after_training_iteration(self):
        trigger_plugins(self, "after_training_iteration")
