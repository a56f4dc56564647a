# expect: clean
"""The optimizer named by the config, looked up in `torch.optim` (`getattr(torch.optim, cfg.name)`): which class
it is (SGD without momentum keeps no state) is not known, only that it is an optimizer."""

import torch


def build_optimizer(cfg, model):
    optimizer_cls = getattr(torch.optim, cfg.optimizer.name)
    return optimizer_cls(model.parameters(), **cfg.optimizer.kwargs)
