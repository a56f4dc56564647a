# expect: clean
"""The same script with the scheduler stepped after the epoch's training, as PyTorch asks."""

import torch

import _init_paths  # noqa: F401  (puts ../lib on sys.path)
from core.epochs import run_epoch
from utils.optim import make_optimizer


def main(model, loader, criterion, settings):
    optimizer = make_optimizer(settings, model)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, settings.milestones, 0.1)
    for epoch in range(settings.epochs):
        run_epoch(model, loader, criterion, optimizer)
        scheduler.step()
