# expect: clean
"""A runner whose logger hook keeps the loss as a number."""

import torch

from .hooks.logger import ScalarLossHook
from .hooks.optimizer import OptimizerHook


class ScalarLoggedRunner:
    def __init__(self, model, optimizer_cfg, max_epochs: int, grad_clip=None) -> None:
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=optimizer_cfg["lr"], momentum=optimizer_cfg["momentum"])
        self.max_epochs = max_epochs
        self.hooks = [OptimizerHook(grad_clip), ScalarLossHook()]
        self.outputs = None

    def run(self, data_loader) -> None:
        for epoch in range(self.max_epochs):
            self.model.train()
            for data_batch in data_loader:
                for hook in self.hooks:
                    hook.before_train_iter(self)
                self.outputs = self.model.train_step(data_batch)
                for hook in self.hooks:
                    hook.after_train_iter(self)
