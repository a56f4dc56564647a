# expect: clean
"""The twin of train.py: only the learner that clears with its step, through the same base's `meta_observe`."""

import torch
from torch import nn

from cleared_after_the_step import ClearedAfterTheStep


def run(epochs: int):
    learner = ClearedAfterTheStep(nn.Linear(16, 4), lr=0.03, virtual_bs_n=4)
    for epoch in range(epochs):
        for _ in range(20):
            inputs, labels = torch.randn(8, 16), torch.randint(0, 4, (8,))
            learner.meta_observe(inputs, labels)
