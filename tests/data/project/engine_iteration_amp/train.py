# expect: clean
"""The segmentation script: a trainer of engines/ run with mixed precision."""

import torch

from engines import ClippedTrainer


def main(network, loader, loss_function, max_epochs):
    optimizer = torch.optim.Adam(network.parameters(), lr=1e-4)
    trainer = ClippedTrainer(max_epochs, loader, network, optimizer, loss_function, amp=True, max_norm=2.0)
    trainer.run()
