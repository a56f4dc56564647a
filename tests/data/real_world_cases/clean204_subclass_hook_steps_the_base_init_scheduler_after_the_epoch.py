"""The twin of zg204_subclass_hook_steps_the_base_init_scheduler.py: the subclass steps the scheduler its base built
in `__init__` in its `on_epoch_end` hook, after the epoch's updates. Clean.
"""
# expect: clean
import torch
from torch.optim.lr_scheduler import StepLR


class BaseTrainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        self.scheduler = StepLR(self.optimizer, 30)

    def on_epoch_end(self, epoch):
        pass

    def fit(self, epochs):
        for epoch in range(epochs):
            for x, y in self.loader:
                self.optimizer.zero_grad()
                loss = torch.nn.functional.cross_entropy(self.model(x), y)
                loss.backward()
                self.optimizer.step()
            self.on_epoch_end(epoch)


class LateTrainer(BaseTrainer):
    def on_epoch_end(self, epoch):
        self.scheduler.step()
