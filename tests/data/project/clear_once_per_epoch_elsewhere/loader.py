# expect: clean
"""The run's module: it builds the discriminator's optimizer for the worker of worker.py and scores the GAN every few
rounds through it (the step it reaches is reported there, in the worker's module)."""

import torch

from worker import Worker


def run(loader, rounds):
    discriminator = torch.nn.Linear(8, 1)
    d_optimizer = torch.optim.Adam(discriminator.parameters(), lr=2e-4)
    worker = Worker(loader)
    for round_index in range(rounds):
        d_optimizer.zero_grad()
        discriminator(next(iter(loader))[0]).mean().backward()
        d_optimizer.step()
        worker.score_with_classifier(epochs=2)
        worker.score_with_classifier_cleared(epochs=2)
