# expect: clean
"""Each learner built in view, then one `meta_observe` per batch of every epoch (the optimizer is the learner's own):
the base's method runs the instance's own `observe`."""

import torch
from torch import nn

from cleared_after_the_step import ClearedAfterTheStep
from cleared_every_batch import ClearedEveryBatch


def run(epochs: int):
    buggy = ClearedEveryBatch(nn.Linear(16, 4), lr=0.03, virtual_bs_n=4)
    clean = ClearedAfterTheStep(nn.Linear(16, 4), lr=0.03, virtual_bs_n=4)
    for epoch in range(epochs):
        for _ in range(20):
            inputs, labels = torch.randn(8, 16), torch.randint(0, 4, (8,))
            buggy.meta_observe(inputs, labels)
            clean.meta_observe(inputs, labels)
