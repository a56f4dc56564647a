# expect: clean
"""The epoch-based runner: each iteration calls every hook's `before_train_iter`, the model's `train_step`, then every
hook's `after_train_iter`, in the order of its hook list."""

import torch

from .hooks.optimizer import OptimizerHook


class EpochBasedRunner:
    def __init__(self, model, optimizer_cfg, max_epochs: int, grad_clip=None) -> None:
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=optimizer_cfg["lr"], momentum=optimizer_cfg["momentum"])
        self.max_epochs = max_epochs
        self.hooks = [OptimizerHook(grad_clip)]
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
