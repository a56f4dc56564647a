# expect: clean
"""The script: the package's model wrapper fits a network with four batches per step."""

import torch

from fitkit import Model


def main(network, loader, epochs):
    optimizer = torch.optim.AdamW(network.parameters(), lr=1e-3)
    model = Model(network, optimizer, torch.nn.functional.cross_entropy)
    model.fit(loader, epochs, batches_per_step=4)
    return model.evaluate(loader)
