# expect: clean
"""The twin script: the trainer that unscales before it clips."""

import torch

from engines import UnscaledClippedTrainer


def main(network, loader, loss_function, max_epochs):
    optimizer = torch.optim.Adam(network.parameters(), lr=1e-4)
    trainer = UnscaledClippedTrainer(max_epochs, loader, network, optimizer, loss_function, amp=True, max_norm=2.0)
    trainer.run()
