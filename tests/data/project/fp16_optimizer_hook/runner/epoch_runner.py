# expect: clean
"""A runner in the style of the old mmcv `Runner`: the model's `train_step` gives the outputs, and the hooks the
config names do the rest of the iteration, the optimizer's work included, each called by its event's name."""


class EpochRunner:
    def __init__(self, model, optimizer, scaler=None):
        self.model = model
        self.optimizer = optimizer
        self.scaler = scaler
        self.outputs = {}
        self.epoch = 0
        self.iter = 0
        self._hooks = []

    def register_hook(self, hook):
        self._hooks.append(hook)

    def call_hook(self, event):
        for hook in self._hooks:
            getattr(hook, event)(self)

    def train(self, data_loader):
        self.model.train()
        self.call_hook("before_train_epoch")
        for batch in data_loader:
            self.outputs = self.model.train_step(batch)
            self.call_hook("after_train_iter")
            self.iter += 1
        self.call_hook("after_train_epoch")
        self.epoch += 1

    def run(self, data_loader, max_epochs):
        while self.epoch < max_epochs:
            self.train(data_loader)
