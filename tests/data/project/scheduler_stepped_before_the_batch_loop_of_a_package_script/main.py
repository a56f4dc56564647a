# expect: clean
"""Run as `python main.py` from its folder, with no `__main__` test: the epoch loop of the script."""

import torch

from option import args
from trainer import Trainer

if args.ok:
    loader = torch.utils.data.DataLoader(args.dataset, batch_size=16)
    model = torch.nn.Conv2d(3, 3, 3, padding=1)
    t = Trainer(args, loader, model, torch.nn.L1Loss())
    while not t.terminate():
        t.train()
