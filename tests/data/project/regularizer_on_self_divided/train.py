# expect: clean
"""The run's loop: it builds the discriminator's optimizer and runs one worker's update per step (the reports of the
updates are their modules')."""

import torch

from leaky_worker import LeakyWorker
from worker import Worker


def run(baskets, leaky=False):
    discriminator = torch.nn.Conv2d(3, 1, 3)
    d_optimizer = torch.optim.Adam(discriminator.parameters(), lr=2e-4)
    kind = LeakyWorker if leaky else Worker
    worker = kind(discriminator, d_optimizer, acml_steps=4, reg_interval=16, r1_lambda=10.0)
    for real_basket in baskets:
        worker.train_discriminator(real_basket)
