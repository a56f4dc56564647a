# expect: clean
"""trainer.py's twin: the optimizer is built once from the config's partial, in `__init__`."""

import torch

from configs.optim import make_optimizer


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = make_optimizer(model.parameters())

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for x, y in loader:
                self.optimizer.zero_grad(set_to_none=True)
                torch.nn.functional.mse_loss(self.model(x), y).backward()
                self.optimizer.step()
