# expect: clean
"""The optimizer's factory: the loop files of this tree name the optimizer only `opt`."""

import torch


def build(cfg, model):
    return torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
