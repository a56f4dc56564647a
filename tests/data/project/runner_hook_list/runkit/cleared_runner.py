# expect: clean
"""A runner whose hook list clears before the forward pass too: the optimizer hook's own clear then finds the
gradients already clear, with no backward since (reported in hooks/optimizer.py)."""

import torch

from .hooks.clearing import ZeroGradHook
from .hooks.optimizer import OptimizerHook


class ClearingRunner:
    def __init__(self, model, optimizer_cfg, max_epochs: int, grad_clip=None) -> None:
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=optimizer_cfg["lr"], momentum=optimizer_cfg["momentum"])
        self.max_epochs = max_epochs
        self.hooks = [ZeroGradHook(), OptimizerHook(grad_clip)]
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
