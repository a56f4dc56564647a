# expect: ZG204 17:9
"""The epoch loop of a script whose epoch runs in lib/engine/epoch.py, importable once `_paths` has put lib/ on
sys.path: the schedule steps at the top of each epoch, before the epoch's first `optimizer.step()`."""

import torch

import _paths  # noqa: F401
from engine.epoch import train_one_epoch


def main(net, loader, loss_fn, args):
    optimizer = torch.optim.SGD(net.parameters(), lr=args.lr, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30)
    for epoch in range(args.epochs):
        # The schedule's first value is skipped.
        print("epoch", epoch, scheduler.get_last_lr())
        scheduler.step()
        train_one_epoch(net, loader, loss_fn, optimizer)
