# expect: clean
"""The trainer's factories: the loss is built here from a class of losses.py."""

import torch

from losses import DetectionLoss


def build_loss(cfg):
    criterion = DetectionLoss(box_weight=cfg.box_weight)
    return criterion


def build_optimizer(model, cfg):
    return torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
