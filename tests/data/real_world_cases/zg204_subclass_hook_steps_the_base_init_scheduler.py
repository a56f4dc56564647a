"""A subclass's `on_epoch_start` hook steps the scheduler its base built in `__init__` (`StepLR(self.optimizer, 30)`),
before the base loop's first `optimizer.step()`: the schedule's first value is skipped (RULES.md ZG204). The
one-file shape of `project/scheduler_in_epoch_start_hook/`; twin
`clean204_subclass_hook_steps_the_base_init_scheduler_after_the_epoch.py`.
"""
# expect: ZG204 33:9
import torch
from torch.optim.lr_scheduler import StepLR


class BaseTrainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        self.scheduler = StepLR(self.optimizer, 30)

    def on_epoch_start(self, epoch):
        pass

    def fit(self, epochs):
        for epoch in range(epochs):
            self.on_epoch_start(epoch)
            for x, y in self.loader:
                self.optimizer.zero_grad()
                loss = torch.nn.functional.cross_entropy(self.model(x), y)
                loss.backward()
                self.optimizer.step()


class WarmTrainer(BaseTrainer):
    def on_epoch_start(self, epoch):
        self.scheduler.step()
