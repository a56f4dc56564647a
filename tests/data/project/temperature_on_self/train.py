# expect: clean
"""The algorithm's loop: one trainer update per sampled batch."""

import torch

from cleared_sac import ClearedSACTrainer
from sac import SACTrainer


def train(num_steps, cleared=False):
    policy = torch.nn.Linear(4, 2)
    trainer = ClearedSACTrainer(policy) if cleared else SACTrainer(policy)
    for _ in range(num_steps):
        trainer.train_from_torch(torch.randn(32, 4))
