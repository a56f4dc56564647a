# expect: clean
"""The algorithm's loop: one trainer update per sampled batch."""

import torch

from cleared_sac import ClearedSACTrainer
from sac import SACTrainer


def train(num_steps, cleared=False):
    policy, qf = torch.nn.Linear(4, 2), torch.nn.Linear(6, 1)
    trainer = ClearedSACTrainer(policy, qf) if cleared else SACTrainer(policy, qf)
    for _ in range(num_steps):
        trainer.train_from_torch((torch.randn(32, 4), torch.randn(32, 2), torch.randn(32, 1)))
