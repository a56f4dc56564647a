# expect: clean
"""The command line's loop (lightweight-gan's cli.py): one `Trainer.train` per training step."""

import torch

from item_trainer import ItemTrainer
from trainer import Trainer


def run_training(loader, num_train_steps, item=False):
    D, G = torch.nn.Linear(8, 1), torch.nn.Linear(16, 8)
    model = ItemTrainer(D, G) if item else Trainer(D, G)
    for _ in range(num_train_steps):
        model.train(loader)
