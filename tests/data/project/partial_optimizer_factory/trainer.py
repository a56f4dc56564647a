# expect: ZG601 15:25
"""Builds the optimizer from the config's partial at the top of each epoch: AdamW's moments start over every epoch."""

import torch

from configs.optim import make_optimizer


class Trainer:
    def __init__(self, model):
        self.model = model

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            optimizer = make_optimizer(self.model.parameters())
            for x, y in loader:
                optimizer.zero_grad(set_to_none=True)
                torch.nn.functional.mse_loss(self.model(x), y).backward()
                optimizer.step()
