# expect: clean
"""train.py's twin: the optimizer is built once, before the epochs."""

import torch

from setup import TrainConfig


def train(model, loader):
    cfg = TrainConfig.default()
    optimizer = cfg.make_optimizer(model)
    for epoch in range(cfg.epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
