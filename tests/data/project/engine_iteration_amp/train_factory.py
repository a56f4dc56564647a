# expect: clean
"""The script through the factory: the loop of the base's `run` reaches the subclass's `_iteration`."""

import torch

from engines.factory import build_trainer


def main(cfg, network, loader, loss_function):
    optimizer = torch.optim.Adam(network.parameters(), lr=1e-4)
    trainer = build_trainer(cfg, network, optimizer, loader, loss_function)
    trainer.run()
