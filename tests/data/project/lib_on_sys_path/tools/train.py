# expect: ZG204 17:9
"""The epoch loop of a script whose training function lives in lib/core/epochs.py, importable only
once `_init_paths` has put lib/ on sys.path: the scheduler steps at the top of each epoch, before the
first `optimizer.step()` of `run_epoch`, so the schedule's first value is skipped."""

import torch

import _init_paths  # noqa: F401  (puts ../lib on sys.path)
from core.epochs import run_epoch
from utils.optim import make_optimizer


def main(model, loader, criterion, settings):
    optimizer = make_optimizer(settings, model)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, settings.milestones, 0.1)
    for epoch in range(settings.epochs):
        scheduler.step()
        run_epoch(model, loader, criterion, optimizer)
