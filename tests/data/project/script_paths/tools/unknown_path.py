# expect: clean
"""The same loop, its epoch imported from a folder the environment puts on sys.path (`_env_paths`): not known, so
`train_one_epoch` is unknown and nothing is reported (the `_paths` beside it is not imported here)."""

import torch

import _env_paths  # noqa: F401
from engine.epoch import train_one_epoch


def main(net, loader, loss_fn, args):
    optimizer = torch.optim.SGD(net.parameters(), lr=args.lr, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30)
    for epoch in range(args.epochs):
        scheduler.step()
        train_one_epoch(net, loader, loss_fn, optimizer)
