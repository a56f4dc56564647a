# expect: clean
"""The settings' method builds a new Adam over the same model at the top of every epoch: its moments start from zero
each time (reported at the construction, in setup/config.py)."""

import torch

from setup import TrainConfig


def train(model, loader):
    cfg = TrainConfig.default()
    for epoch in range(cfg.epochs):
        optimizer = cfg.make_optimizer(model)
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
