# expect: clean
"""The same script with the schedule stepped after the epoch, as PyTorch asks."""

import torch

import _paths  # noqa: F401
from engine.epoch import train_one_epoch


def main(net, loader, loss_fn, args):
    optimizer = torch.optim.SGD(net.parameters(), lr=args.lr, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30)
    for epoch in range(args.epochs):
        train_one_epoch(net, loader, loss_fn, optimizer)
        scheduler.step()
