# expect: clean
"""The algorithm's loop: one trainer update per sampled batch."""

import torch

from awac import AWACTrainer
from cleared_awac import ClearedAWACTrainer


def train(num_steps, cleared=False):
    networks = torch.nn.Linear(4, 2), torch.nn.Linear(4, 2), torch.nn.Linear(6, 1)
    trainer = ClearedAWACTrainer(*networks) if cleared else AWACTrainer(*networks)
    for _ in range(num_steps):
        trainer.train_from_torch((torch.randn(32, 4), torch.randn(32, 2), torch.randn(32, 1)))
