# expect: clean
"""The twin's script: the same loop over the trainer that steps its scheduler after the batch loop."""

import torch

from option import args
from trainer_stepped_after import Trainer

if args.ok:
    loader = torch.utils.data.DataLoader(args.dataset, batch_size=16)
    model = torch.nn.Conv2d(3, 3, 3, padding=1)
    t = Trainer(args, loader, model, torch.nn.L1Loss())
    while not t.terminate():
        t.train()
